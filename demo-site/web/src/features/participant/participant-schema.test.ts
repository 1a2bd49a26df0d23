import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import {
  ageOn,
  birthDateProblem,
  buildParticipantSchema,
  emptyParticipant,
  formatPhone,
  fromParticipantInfo,
  type ParticipantRules,
  type ParticipantValues,
  participantRules,
  type Translate,
  toParticipantInfo,
} from './participant-schema';

const t: Translate = (key, params) => (params ? i18n.t(key, params) : i18n.t(key));
const now = new Date('2026-05-01T07:00:00Z');

const plain: ParticipantRules = participantRules({ start_time: '2026-05-31T06:00:00Z' });
const full: ParticipantRules = participantRules(
  {
    start_time: '2026-05-31T06:00:00Z',
    age_min: 16,
    age_max: 70,
    regions: [{ id: 524894, name_ru: 'Москва' }],
    select: { title: 'Волна', values: ['Первая', 'Вторая'] },
    clusters: [
      { name: 'Любители', document: false },
      { name: 'Элита', document: true },
    ],
    license_file: true,
    additional_fields: [
      { name: 'emergency_phone', label: 'Телефон близкого', required: true },
      { name: 'club_name', label: 'Клуб', required: false },
    ],
  },
  [
    { name: 'S', count: 0 },
    { name: 'M', count: 3 },
  ],
);

const person: ParticipantValues = {
  ...emptyParticipant(plain),
  last_name: 'Смирнова',
  first_name: 'Анна',
  phone: '+7 (916) 123-45-67',
  gender: 'female',
  birth_date: '01.01.1990',
};
const complete: ParticipantValues = {
  ...person,
  region: '524894',
  item_size: 'M',
  select_field: 'Вторая',
  cluster: 'Элита',
  cluster_document: 'doc1',
  license: 'lic1',
  additional: { emergency_phone: '79160000000', club_name: '' },
};

/** The messages the schema gives for these values, by field path. */
function messages(values: ParticipantValues, rules: ParticipantRules): Record<string, string> {
  const result = buildParticipantSchema(rules, t, () => now).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('birth dates and ages (ticketing-shop §5)', () => {
  it.each([
    ['2010-05-31', '2026-05-31T06:00:00Z', 16],
    ['2010-06-01', '2026-05-31T06:00:00Z', 15],
    ['2000-02-29', '2026-02-28T12:00:00Z', 25],
    ['2000-02-29', '2026-03-01T12:00:00Z', 26],
  ])('born %s, on %s: %i', (birth, at, age) => expect(ageOn(new Date(`${birth}T00:00:00Z`), new Date(at))).toBe(age));

  const limits = { eventStart: '2026-05-31T06:00:00Z', ageMin: 16, ageMax: 70 };
  it.each([
    ['31.05.2010', null],
    ['01.06.2010', { key: 'ageMin', age: 16 }],
    ['31.05.1955', { key: 'ageMax', age: 70 }],
    ['01.06.1955', null],
    ['', { key: 'date' }],
    ['01.01.199', { key: 'date' }],
    ['31.02.2000', { key: 'date' }],
    ['01.01.1899', { key: 'date' }],
    ['02.05.2026', { key: 'date' }],
  ])('%j → %j', (text, problem) => expect(birthDateProblem(text, limits, now)).toEqual(problem));
});

describe('buildParticipantSchema', () => {
  it('passes a complete person when the format asks for nothing more', () => {
    expect(messages(person, plain)).toEqual({});
  });

  it('gives every field its message when nothing is filled', () => {
    expect(messages(emptyParticipant(full), full)).toEqual({
      last_name: 'Заполните поле',
      first_name: 'Заполните поле',
      phone: 'Заполните поле',
      gender: 'Выберите одно из значений',
      birth_date: 'Введите корректную дату',
      item_size: 'Выберите размер',
      region: 'Выберите регион',
      select_field: 'Выберите вариант',
      cluster: 'Выберите кластер',
      license: 'Выберите файл',
      'additional.emergency_phone': 'Заполните поле',
    });
  });

  it('passes everything a full format asks for', () => {
    expect(messages(complete, full)).toEqual({});
  });

  it.each<[string, Partial<ParticipantValues>, Record<string, string>]>([
    ['spaces only', { last_name: '   ' }, { last_name: 'Заполните поле' }],
    ['a short phone', { phone: '+7 (916) 123-45' }, { phone: 'Введите корректный номер телефона' }],
    ['too young', { birth_date: '01.06.2010' }, { birth_date: 'Участие старше 16' }],
    ['too old', { birth_date: '01.01.1950' }, { birth_date: 'Участие младше 70' }],
    ['a size with none left', { item_size: 'S' }, { item_size: 'Выберите размер' }],
    ['an unknown region', { region: '1' }, { region: 'Выберите регион' }],
    ['a value not in the select', { select_field: 'Третья' }, { select_field: 'Выберите вариант' }],
    ['a cluster without its document', { cluster_document: '' }, { cluster_document: 'Выберите файл' }],
    ['a cluster that needs no document', { cluster: 'Любители', cluster_document: '' }, {}],
    ['no licence', { license: '' }, { license: 'Выберите файл' }],
    ['an optional additional field left empty', { additional: { emergency_phone: '1', club_name: '' } }, {}],
  ])('%s', (_name, change, expected) => {
    expect(messages({ ...complete, ...change }, full)).toEqual(expected);
  });

  it('asks for no size when the shirt is unavailable or no size is left', () => {
    expect(messages({ ...complete, item_size: '' }, { ...full, shirtUnavailable: true })).toEqual({});
    expect(messages({ ...complete, item_size: '' }, { ...full, sizes: [{ name: 'M', count: 0 }] })).toEqual({});
  });
});

describe('toParticipantInfo / fromParticipantInfo', () => {
  it('sends only what the format asks for, as the server takes it', () => {
    expect(toParticipantInfo({ ...person, second_name: '  ', region: '524894' }, plain)).toEqual({
      last_name: 'Смирнова',
      first_name: 'Анна',
      second_name: null,
      phone: '79161234567',
      gender: 'female',
      birth_date: '1990-01-01',
    });
    expect(toParticipantInfo({ ...complete, cluster: 'Любители' }, full)).toEqual({
      last_name: 'Смирнова',
      first_name: 'Анна',
      second_name: null,
      phone: '79161234567',
      gender: 'female',
      birth_date: '1990-01-01',
      region: 524894,
      item_size: 'M',
      select_field: 'Вторая',
      cluster: 'Любители',
      license: 'lic1',
      emergency_phone: '79160000000',
      club_name: null,
    });
  });

  it('reads stored data back into the form', () => {
    const info = toParticipantInfo(complete, full);
    const values = fromParticipantInfo(info, full);
    expect(values).toEqual({ ...complete, additional: { emergency_phone: '79160000000', club_name: '' } });
    expect(fromParticipantInfo({ birth_date: '1990-01-01T00:00:00.000Z', select_field: { name: 'Первая' } }, full)).toMatchObject({
      birth_date: '01.01.1990',
      select_field: 'Первая',
    });
    expect(fromParticipantInfo(null, plain)).toEqual(emptyParticipant(plain));
  });

  it.each([
    ['79161234567', '+7 (916) 123-45-67'],
    ['375291234567', '+375 (29) 123-45-67'],
    ['992901234567', '+992 90 123-45-67'],
    ['', ''],
  ])('formats %j as %j', (digits, shown) => expect(formatPhone(digits)).toBe(shown));

  it('preselects the only size', () => {
    expect(emptyParticipant({ ...plain, sizes: [{ name: 'L', count: 2 }] }).item_size).toBe('L');
  });
});

describe('an additional field backed by the state register (register: obrnadzor)', () => {
  const school = participantRules({
    start_time: '2026-05-31T06:00:00Z',
    additional_fields: [
      { name: 'sport_school', label: 'Спортивная школа', required: false, register: 'obrnadzor' },
      { name: 'club_name', label: 'Клуб', required: false, register: 'fns' },
    ],
  });

  it('knows the register it names, and takes an unknown one as free text', () => {
    expect(school.additionalFields.map((field) => field.register)).toEqual(['obrnadzor', null]);
  });

  it('refuses text not chosen from the register; a chosen organisation or an empty optional field passes', () => {
    const typed = { ...person, additional: { sport_school: 'Школа у дома', club_name: '' }, register_pending: ['sport_school'] };
    expect(messages(typed, school)).toEqual({ 'additional.sport_school': 'Выберите организацию из реестра' });
    expect(messages({ ...typed, register_pending: [] }, school)).toEqual({});
    expect(messages({ ...typed, additional: { sport_school: '', club_name: '' } }, school)).toEqual({});
    // Only register fields are held to it: a free-text field named in the list is not.
    expect(messages({ ...typed, register_pending: ['club_name'], additional: { sport_school: '', club_name: 'Клуб' } }, school)).toEqual(
      {},
    );
  });

  it('sends the chosen name under the field, never the pending list; stored data come back as chosen', () => {
    const chosen = { ...person, additional: { sport_school: 'МБУ ДО «Спортивная школа «Балашиха»»', club_name: '' } };
    const info = toParticipantInfo(chosen, school);
    expect(info.sport_school).toBe('МБУ ДО «Спортивная школа «Балашиха»»');
    expect(info).not.toHaveProperty('register_pending');
    expect(fromParticipantInfo(info, school).register_pending).toEqual([]);
  });
});

it('values saved before the register picker (no pending list) still pass', () => {
  const { register_pending: _none, ...saved } = emptyParticipant(plain);
  expect(
    messages(
      {
        ...person,
        ...saved,
        last_name: 'Смирнова',
        first_name: 'Анна',
        phone: '+7 (916) 123-45-67',
        gender: 'female',
        birth_date: '01.01.1990',
      },
      plain,
    ),
  ).toEqual({});
});
