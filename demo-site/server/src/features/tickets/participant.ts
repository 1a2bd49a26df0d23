import type { AdditionalField, FormatCluster, FormatSelect, TicketInfo } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';
import { normalizePhone } from '../../lib/phone';
import { DAY_MS } from '../../lib/time';

/** A participant-form failure: the spec's message and the field it belongs to (the form marks it). */
export class ParticipantFormError extends HttpError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(400, message);
  }
}

/** What the format asks of its participants (ticketing-shop §3 basket item, §5 participant form). */
export interface ParticipantRules {
  /** The event's start: ages are counted on this day. */
  eventStart: Date;
  ageMin: number | null;
  ageMax: number | null;
  /** Region ids the participant may come from; empty when the format does not ask. */
  regions: number[];
  /** Shirt sizes in stock; empty when there is no shirt or the format has none. */
  sizes: string[];
  select: FormatSelect | null;
  clusters: FormatCluster[];
  licenseFile: boolean;
  additionalFields: AdditionalField[];
}

/** The participant part of the registration body, as the schema let it through. */
export interface ParticipantInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  second_name?: string | null | undefined;
  phone?: string | undefined;
  gender?: string | undefined;
  birth_date?: string | undefined;
  region?: number | string | null | undefined;
  item_size?: string | null | undefined;
  select_field?: string | { name: string } | null | undefined;
  cluster?: string | { name: string } | null | undefined;
  cluster_document?: string | null | undefined;
  license?: string | null | undefined;
  [additional: string]: unknown;
}

/** The participant's data as stored in `tickets.info`, the uploads it points to, and its register answers. */
export interface ValidParticipant {
  info: TicketInfo;
  uploads: { field: 'license' | 'cluster_document'; publicId: string }[];
  /** Answers of fields backed by the state education register: each must name one of its organisations. */
  registerAnswers: { field: string; name: string }[];
}

export const participantMessages = {
  fill: 'Заполните поле',
  phone: 'Введите корректный номер телефона',
  gender: 'Выберите одно из значений',
  date: 'Введите корректную дату',
  ageMin: (age: number) => `Участие старше ${age}`,
  ageMax: (age: number) => `Участие младше ${age}`,
  region: 'Выберите регион',
  size: 'Выберите размер',
  select: 'Выберите вариант',
  cluster: 'Выберите кластер',
  file: 'Выберите файл',
  register: 'Выберите организацию из реестра',
  unknownField: (name: string) => `Некорректные данные запроса: лишнее поле info.${name}`,
} as const;

const KNOWN_FIELDS = new Set([
  'first_name',
  'last_name',
  'second_name',
  'phone',
  'gender',
  'birth_date',
  'region',
  'item_size',
  'select_field',
  'cluster',
  'cluster_document',
  'license',
]);

const fail = (field: string, message: string): never => {
  throw new ParticipantFormError(field, message);
};

const filled = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const nameOf = (value: string | { name: string } | null | undefined) =>
  filled(typeof value === 'object' && value !== null ? value.name : value);

/**
 * A birth date as a calendar day `YYYY-MM-DD`, from `YYYY-MM-DD`, `DD.MM.YYYY` (the form's mask) or an
 * ISO instant. An instant is rounded to the nearest UTC midnight: the form sends the local midnight of
 * the day, which in Russia's zones (UTC+2…+12) is the evening before in UTC.
 */
export function parseBirthDate(text: string): string | null {
  let year: number;
  let month: number;
  let day: number;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dotted) [day, month, year] = [Number(dotted[1]), Number(dotted[2]), Number(dotted[3])];
  else if (plain) [year, month, day] = [Number(plain[1]), Number(plain[2]), Number(plain[3])];
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const instant = Date.parse(text);
    if (Number.isNaN(instant)) return null;
    return new Date(Math.round(instant / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Full years between a birth day and an instant. */
export function ageOn(birthDate: string, at: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - year;
  if (at.getUTCMonth() + 1 < month || (at.getUTCMonth() + 1 === month && at.getUTCDate() < day)) age -= 1;
  return age;
}

/**
 * Checks a participant form in the order the form shows its fields (ticketing-shop §5) and returns
 * the data to store; the first failure throws with the spec's message and the field's name.
 */
export function validateParticipant(input: ParticipantInput, rules: ParticipantRules, now: Date): ValidParticipant {
  const firstName = filled(input.first_name) ?? fail('first_name', participantMessages.fill);
  const lastName = filled(input.last_name) ?? fail('last_name', participantMessages.fill);
  const secondName = filled(input.second_name);

  const phoneText = filled(input.phone) ?? fail('phone', participantMessages.fill);
  const phone = normalizePhone(phoneText) ?? fail('phone', participantMessages.phone);

  const gender = input.gender === 'male' || input.gender === 'female' ? input.gender : fail('gender', participantMessages.gender);

  const birthText = filled(input.birth_date) ?? fail('birth_date', participantMessages.date);
  const birthDate = parseBirthDate(birthText) ?? fail('birth_date', participantMessages.date);
  if (birthDate > now.toISOString().slice(0, 10) || birthDate < '1900-01-01') fail('birth_date', participantMessages.date);
  const age = ageOn(birthDate, rules.eventStart);
  if (rules.ageMin !== null && age < rules.ageMin) fail('birth_date', participantMessages.ageMin(rules.ageMin));
  if (rules.ageMax !== null && age > rules.ageMax) fail('birth_date', participantMessages.ageMax(rules.ageMax));

  let region: number | null = null;
  if (rules.regions.length > 0) {
    const id = Number(filled(input.region));
    region = Number.isInteger(id) && rules.regions.includes(id) ? id : fail('region', participantMessages.region);
  }

  let itemSize: string | null = null;
  if (rules.sizes.length > 0) {
    const wanted = filled(input.item_size)?.toLowerCase();
    itemSize = rules.sizes.find((size) => size.toLowerCase() === wanted) ?? fail('item_size', participantMessages.size);
  }

  let selectField: string | null = null;
  if (rules.select) {
    const wanted = nameOf(input.select_field);
    selectField = rules.select.values.find((value) => value === wanted) ?? fail('select_field', participantMessages.select);
  }

  const uploads: ValidParticipant['uploads'] = [];
  let cluster: string | null = null;
  let clusterDocument: string | null = null;
  if (rules.clusters.length > 0) {
    const wanted = nameOf(input.cluster);
    const chosen = rules.clusters.find((candidate) => candidate.name === wanted) ?? fail('cluster', participantMessages.cluster);
    cluster = chosen.name;
    if (chosen.document) {
      clusterDocument = filled(input.cluster_document) ?? fail('cluster_document', participantMessages.file);
      uploads.push({ field: 'cluster_document', publicId: clusterDocument });
    }
  }

  let license: string | null = null;
  if (rules.licenseFile) {
    license = filled(input.license) ?? fail('license', participantMessages.file);
    uploads.push({ field: 'license', publicId: license });
  }

  const additional: Record<string, string | null> = {};
  const registerAnswers: ValidParticipant['registerAnswers'] = [];
  for (const field of rules.additionalFields) {
    const value = filled(input[field.name]);
    if (field.required && value === null) fail(field.name, participantMessages.fill);
    additional[field.name] = value;
    if (field.register && value !== null) registerAnswers.push({ field: field.name, name: value });
  }
  for (const key of Object.keys(input)) {
    if (!KNOWN_FIELDS.has(key) && !Object.hasOwn(additional, key)) fail(key, participantMessages.unknownField(key));
  }

  return {
    info: {
      first_name: firstName,
      last_name: lastName,
      second_name: secondName,
      phone,
      gender,
      birth_date: birthDate,
      region,
      item_size: itemSize,
      select_field: selectField,
      cluster,
      cluster_document: clusterDocument,
      license,
      ...additional,
    },
    uploads,
    registerAnswers,
  };
}
