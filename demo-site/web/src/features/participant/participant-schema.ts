import * as z from 'zod/mini';
import { isFullPhone, phoneDigits } from '../../lib/contact-rules';
import { parseMaskedDate } from '../../lib/masks';
import '../../locales/basket';

/**
 * The participant form of ticketing-shop §5 as pure data and rules, shared by the basket (one form
 * per ticket tab) and the cabinet's ticket registration (PUT /api/user/ticket). The server checks
 * the same rules (demo-site/server features/tickets/participant.ts); these give the person the
 * spec's message before anything is sent.
 */

/** What a format asks of its participants (ticketing-shop §3 basket item). */
export interface ParticipantRules {
  /** The event's start (ISO): ages are counted on this day. */
  eventStart: string;
  ageMin: number | null;
  ageMax: number | null;
  /** Regions the participant may come from; empty when the format does not ask. */
  regions: { id: number; name_ru: string }[];
  /** The shirt's sizes with what is left of each; empty when there is no shirt. */
  sizes: { name: string; count: number }[];
  shirtUnavailable: boolean;
  select: { title: string; values: string[] } | null;
  clusters: { name: string; document: boolean }[];
  licenseFile: boolean;
  /** `register`: the answer is an organisation of the state education register (GET /api/obrnadzor/*). */
  additionalFields: { name: string; label: string; required: boolean; register: 'obrnadzor' | null }[];
}

/** The form's values, as typed: the birth date as DD.MM.YYYY, the phone masked. */
export interface ParticipantValues {
  last_name: string;
  first_name: string;
  second_name: string;
  phone: string;
  gender: '' | 'male' | 'female';
  birth_date: string;
  region: string;
  item_size: string;
  select_field: string;
  cluster: string;
  /** The uploaded file's public id (POST /api/user/file), and its name to show. */
  cluster_document: string;
  cluster_document_name: string;
  license: string;
  license_name: string;
  /** The format's additional fields by name. */
  additional: Record<string, string>;
  /**
   * Register-backed additional fields whose text is typed, not an organisation chosen from the register
   * (absent in values saved before the register picker: nothing pending).
   */
  register_pending?: string[];
}

/** The participant's data as the server takes it (ticketing-shop §3 participant info). */
export interface ParticipantInfo {
  first_name: string;
  last_name: string;
  second_name: string | null;
  phone: string;
  gender: 'male' | 'female';
  birth_date: string;
  region?: number;
  item_size?: string;
  select_field?: string;
  cluster?: string;
  cluster_document?: string;
  license?: string;
  [additional: string]: string | number | null | undefined;
}

/** The message keys of the form (basket.ru.ts `participant.errors`). */
export type ParticipantMessageKey =
  | 'basket.participant.errors.fill'
  | 'basket.participant.errors.date'
  | 'basket.participant.errors.ageMin'
  | 'basket.participant.errors.ageMax'
  | 'basket.participant.errors.gender'
  | 'basket.participant.errors.phone'
  | 'basket.participant.errors.size'
  | 'basket.participant.errors.region'
  | 'basket.participant.errors.select'
  | 'basket.participant.errors.cluster'
  | 'basket.participant.errors.file'
  | 'basket.participant.errors.register';

/** A translation function: a component's `t` (lib/i18n.ts `useTranslation`), or `i18n.t` outside React. */
export type Translate = (key: ParticipantMessageKey, params?: { age: number }) => string;

export const emptyParticipant = (rules?: ParticipantRules): ParticipantValues => ({
  last_name: '',
  first_name: '',
  second_name: '',
  phone: '',
  gender: '',
  birth_date: '',
  region: '',
  // ticketing-shop §2: a single size is chosen for the person.
  item_size: rules && sizesToChoose(rules).length === 1 ? (sizesToChoose(rules)[0]?.name ?? '') : '',
  select_field: '',
  cluster: '',
  cluster_document: '',
  cluster_document_name: '',
  license: '',
  license_name: '',
  additional: Object.fromEntries((rules?.additionalFields ?? []).map((field) => [field.name, ''])),
  register_pending: [],
});

/** The sizes a person can pick: all of them, unless the shirt is unavailable or none is left. */
export function sizesToChoose(rules: ParticipantRules): ParticipantRules['sizes'] {
  if (rules.shirtUnavailable || !rules.sizes.some((size) => size.count > 0)) return [];
  return rules.sizes;
}

/** Full years between a birth day (UTC midnight) and an instant, counted in UTC as the server does. */
export function ageOn(birth: Date, at: Date): number {
  let age = at.getUTCFullYear() - birth.getUTCFullYear();
  const month = at.getUTCMonth() - birth.getUTCMonth();
  if (month < 0 || (month === 0 && at.getUTCDate() < birth.getUTCDate())) age -= 1;
  return age;
}

/** A birth date's problem: not a day (or in the future, or before 1900), too young, too old; null when fine. */
export function birthDateProblem(
  text: string,
  rules: Pick<ParticipantRules, 'eventStart' | 'ageMin' | 'ageMax'>,
  now: Date,
): { key: 'date' } | { key: 'ageMin' | 'ageMax'; age: number } | null {
  // ticketing-shop §5: DD.MM.YYYY, at least 10 characters, else the wrong-date message.
  const birth = text.trim().length >= 10 ? parseMaskedDate(text) : null;
  if (!birth || birth.getTime() > now.getTime() || birth.getUTCFullYear() < 1900) return { key: 'date' };
  const start = new Date(rules.eventStart);
  if (Number.isNaN(start.getTime())) return null;
  const age = ageOn(birth, start);
  if (rules.ageMin !== null && age < rules.ageMin) return { key: 'ageMin', age: rules.ageMin };
  if (rules.ageMax !== null && age > rules.ageMax) return { key: 'ageMax', age: rules.ageMax };
  return null;
}

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The zod schema of one participant for these rules: every failure carries the spec's message
 * (ticketing-shop §5) on the field it belongs to. `now` bounds birth dates (none in the future).
 */
export function buildParticipantSchema(rules: ParticipantRules, t: Translate, now: () => Date = () => new Date()) {
  const sizes = sizesToChoose(rules);
  return z
    .object({
      last_name: z.string(),
      first_name: z.string(),
      second_name: z.string(),
      phone: z.string(),
      gender: z.enum(['', 'male', 'female']),
      birth_date: z.string(),
      region: z.string(),
      item_size: z.string(),
      select_field: z.string(),
      cluster: z.string(),
      cluster_document: z.string(),
      cluster_document_name: z.string(),
      license: z.string(),
      license_name: z.string(),
      additional: z.record(z.string(), z.string()),
      register_pending: z.optional(z.array(z.string())),
    })
    .check(
      z.superRefine((values, ctx) => {
        const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: values });
        const fill = t('basket.participant.errors.fill');
        if (blank(values.last_name)) issue(['last_name'], fill);
        if (blank(values.first_name)) issue(['first_name'], fill);
        if (blank(values.phone)) issue(['phone'], fill);
        else if (!isFullPhone(values.phone)) issue(['phone'], t('basket.participant.errors.phone'));
        if (values.gender !== 'male' && values.gender !== 'female') issue(['gender'], t('basket.participant.errors.gender'));
        const birth = birthDateProblem(values.birth_date, rules, now());
        if (birth?.key === 'date') issue(['birth_date'], t('basket.participant.errors.date'));
        else if (birth) issue(['birth_date'], t(`basket.participant.errors.${birth.key}`, { age: birth.age }));
        if (sizes.length > 0 && !sizes.some((size) => size.count > 0 && size.name === values.item_size)) {
          issue(['item_size'], t('basket.participant.errors.size'));
        }
        if (rules.regions.length > 0 && !rules.regions.some((region) => String(region.id) === values.region)) {
          issue(['region'], t('basket.participant.errors.region'));
        }
        if (rules.select && !rules.select.values.includes(values.select_field)) {
          issue(['select_field'], t('basket.participant.errors.select'));
        }
        if (rules.clusters.length > 0) {
          const cluster = rules.clusters.find((candidate) => candidate.name === values.cluster);
          if (!cluster) issue(['cluster'], t('basket.participant.errors.cluster'));
          else if (cluster.document && blank(values.cluster_document)) issue(['cluster_document'], t('basket.participant.errors.file'));
        }
        if (rules.licenseFile && blank(values.license)) issue(['license'], t('basket.participant.errors.file'));
        for (const field of rules.additionalFields) {
          if (field.required && blank(values.additional[field.name])) issue(['additional', field.name], fill);
          else if (field.register && !blank(values.additional[field.name]) && (values.register_pending ?? []).includes(field.name)) {
            issue(['additional', field.name], t('basket.participant.errors.register'));
          }
        }
      }),
    );
}

/** Whether these values pass the rules: the basket's tab check (isErrorTab) without a form on screen. */
export function isParticipantComplete(values: ParticipantValues, rules: ParticipantRules, t: Translate, now = new Date()): boolean {
  return buildParticipantSchema(rules, t, () => now).safeParse(values).success;
}

/** ISO day `YYYY-MM-DD` of a DD.MM.YYYY text, or '' when it is not a day. */
export function isoDay(text: string): string {
  return parseMaskedDate(text)?.toISOString().slice(0, 10) ?? '';
}

/**
 * The values as the server takes them: trimmed, the phone as digits, the birth date as an ISO day,
 * the region as its id; only the fields these rules ask for, plus the additional fields by name.
 */
export function toParticipantInfo(values: ParticipantValues, rules: ParticipantRules): ParticipantInfo {
  const info: ParticipantInfo = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    second_name: values.second_name.trim() || null,
    phone: phoneDigits(values.phone),
    gender: values.gender === 'female' ? 'female' : 'male',
    birth_date: isoDay(values.birth_date),
  };
  if (rules.regions.length > 0) info.region = Number(values.region);
  if (sizesToChoose(rules).length > 0) info.item_size = values.item_size;
  if (rules.select) info.select_field = values.select_field;
  if (rules.clusters.length > 0) {
    info.cluster = values.cluster;
    if (rules.clusters.find((cluster) => cluster.name === values.cluster)?.document) info.cluster_document = values.cluster_document;
  }
  if (rules.licenseFile) info.license = values.license;
  for (const field of rules.additionalFields) info[field.name] = values.additional[field.name]?.trim() || null;
  return info;
}

/** A phone's digits written as the mask shows them (+7 (916) 123-45-67), for stored values. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (d === '') return '';
  if (d.startsWith('375') && d.length === 12)
    return `+${d.slice(0, 3)} (${d.slice(3, 5)}) ${d.slice(5, 8)}-${d.slice(8, 10)}-${d.slice(10)}`;
  if (d.startsWith('992') && d.length === 12) return `+${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 8)}-${d.slice(8, 10)}-${d.slice(10)}`;
  if (d.length === 11) return `+${d.slice(0, 1)} (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9)}`;
  return `+${d}`;
}

/** An ISO day or instant as DD.MM.YYYY (the UTC day, as the server stores birth dates), or ''. */
export function maskedDay(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const named = (value: unknown): string =>
  typeof value === 'object' && value !== null ? text((value as { name?: unknown }).name) : text(value);

/**
 * Form values from stored participant data (a ticket's `info`, a basket line's `info`): the inverse
 * of {@link toParticipantInfo}, tolerant of missing or odd fields.
 */
export function fromParticipantInfo(info: Record<string, unknown> | null | undefined, rules?: ParticipantRules): ParticipantValues {
  const values = emptyParticipant(rules);
  if (!info) return values;
  const gender = info.gender === 'male' || info.gender === 'female' ? info.gender : '';
  const birth = text(info.birth_date);
  return {
    ...values,
    last_name: text(info.last_name),
    first_name: text(info.first_name),
    second_name: text(info.second_name),
    phone: formatPhone(text(info.phone)),
    gender,
    birth_date: /^\d{2}\.\d{2}\.\d{4}$/.test(birth) ? birth : maskedDay(birth),
    region: text(info.region),
    item_size: text(info.item_size) || values.item_size,
    select_field: named(info.select_field),
    cluster: named(info.cluster),
    cluster_document: text(info.cluster_document),
    license: text(info.license),
    additional: Object.fromEntries(Object.keys(values.additional).map((name) => [name, text(info[name])])),
  };
}

/** The format fields the rules come from (GET /api/event_format/…), and the event's shirt sizes. */
export interface ParticipantFormatInput {
  start_time?: string | null | undefined;
  age_min?: number | null | undefined;
  age_max?: number | null | undefined;
  regions?: { id: number; name_ru?: string | null | undefined }[] | null | undefined;
  shirt_unavailable?: boolean | null | undefined;
  select?: { title: string; values: string[] } | null | undefined;
  clusters?: { name: string; document?: boolean | null | undefined }[] | null | undefined;
  license_file?: boolean | null | undefined;
  additional_fields?:
    | { name: string; label: string; required?: boolean | null | undefined; register?: string | null | undefined }[]
    | null
    | undefined;
}

export function participantRules(
  format: ParticipantFormatInput,
  sizes: { name: string; count: number }[] = [],
  eventStart?: string,
): ParticipantRules {
  return {
    eventStart: format.start_time ?? eventStart ?? '',
    ageMin: format.age_min ?? null,
    ageMax: format.age_max ?? null,
    regions: (format.regions ?? []).map((region) => ({ id: region.id, name_ru: region.name_ru ?? String(region.id) })),
    sizes,
    shirtUnavailable: format.shirt_unavailable === true,
    select: format.select && format.select.values.length > 0 ? format.select : null,
    clusters: (format.clusters ?? []).map((cluster) => ({ name: cluster.name, document: cluster.document === true })),
    licenseFile: format.license_file === true,
    additionalFields: (format.additional_fields ?? []).map((field) => ({
      name: field.name,
      label: field.label,
      required: field.required === true,
      // An unknown source is answered as free text.
      register: field.register === 'obrnadzor' ? 'obrnadzor' : null,
    })),
  };
}
