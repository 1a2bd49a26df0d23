import { describe, expect, it } from 'vitest';
import { ageOn, type ParticipantRules, parseBirthDate, validateParticipant } from './participant';

describe('parseBirthDate', () => {
  it.each([
    ['14.05.1990', '1990-05-14'],
    ['1990-05-14', '1990-05-14'],
    // The local midnight of 14 May in Moscow, Novosibirsk and Kamchatka, and in UTC.
    ['1990-05-13T21:00:00.000Z', '1990-05-14'],
    ['1990-05-13T17:00:00Z', '1990-05-14'],
    ['1990-05-13T12:00:00Z', '1990-05-14'],
    ['1990-05-14T00:00:00+03:00', '1990-05-14'],
    ['29.02.2000', '2000-02-29'],
  ])('%s → %s', (input, expected) => expect(parseBirthDate(input)).toBe(expected));

  it.each(['', '14.5.1990', '31.02.2000', '29.02.2001', '1990/05/14', '14-05-1990', 'вчера', '1990-13-01'])('%j is not a date', (input) => {
    expect(parseBirthDate(input)).toBeNull();
  });
});

describe('ageOn', () => {
  it.each([
    ['2010-05-31', '2026-05-31T06:00:00Z', 16],
    ['2010-06-01', '2026-05-31T06:00:00Z', 15],
    ['2000-02-29', '2026-02-28T12:00:00Z', 25],
    ['2000-02-29', '2026-03-01T12:00:00Z', 26],
  ])('born %s, on %s: %i', (birth, at, age) => expect(ageOn(birth, new Date(at))).toBe(age));
});

describe('validateParticipant', () => {
  const rules: ParticipantRules = {
    eventStart: new Date('2026-05-31T06:00:00Z'),
    ageMin: 16,
    ageMax: 70,
    regions: [524894],
    sizes: ['S', 'M'],
    select: { title: 'Волна', values: ['Первая'] },
    clusters: [{ name: 'Элита', document: true }],
    licenseFile: true,
    additionalFields: [
      { name: 'emergency_phone', label: 'Телефон', required: true },
      { name: 'club_name', label: 'Клуб', required: false },
    ],
  };
  const now = new Date('2026-05-01T07:00:00Z');
  const input = {
    first_name: ' Анна ',
    last_name: 'Смирнова',
    phone: '8 916 123-45-67',
    gender: 'female',
    birth_date: '01.01.1956',
    region: '524894',
    item_size: 's',
    select_field: 'Первая',
    cluster: { name: 'Элита' },
    cluster_document: 'doc1',
    license: 'lic1',
    emergency_phone: '79160000000',
  };

  it('normalises what passes and lists the files it points to', () => {
    expect(validateParticipant(input, rules, now)).toEqual({
      info: {
        first_name: 'Анна',
        last_name: 'Смирнова',
        second_name: null,
        phone: '79161234567',
        gender: 'female',
        birth_date: '1956-01-01',
        region: 524894,
        item_size: 'S',
        select_field: 'Первая',
        cluster: 'Элита',
        cluster_document: 'doc1',
        license: 'lic1',
        emergency_phone: '79160000000',
        club_name: null,
      },
      uploads: [
        { field: 'cluster_document', publicId: 'doc1' },
        { field: 'license', publicId: 'lic1' },
      ],
      registerAnswers: [],
    });
  });

  it('lists the answers of register-backed fields for the register check; an empty optional one is none', () => {
    const withSchool: ParticipantRules = {
      ...rules,
      additionalFields: [...rules.additionalFields, { name: 'sport_school', label: 'Школа', required: false, register: 'obrnadzor' }],
    };
    const school = 'МБУ ДО «Спортивная школа «Балашиха»»';
    expect(validateParticipant({ ...input, sport_school: ` ${school} ` }, withSchool, now).registerAnswers).toEqual([
      { field: 'sport_school', name: school },
    ]);
    expect(validateParticipant({ ...input, sport_school: '' }, withSchool, now).registerAnswers).toEqual([]);
  });

  it.each([
    [{ birth_date: '01.01.1955' }, 'birth_date', 'Участие младше 70'],
    [{ birth_date: '01.06.2010' }, 'birth_date', 'Участие старше 16'],
    [{ emergency_phone: ' ' }, 'emergency_phone', 'Заполните поле'],
    [{ toString: 'x' }, 'toString', 'Некорректные данные запроса: лишнее поле info.toString'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(() => validateParticipant({ ...input, ...change }, rules, now)).toThrow(
      expect.objectContaining({ field, message, statusCode: 400 }),
    );
  });

  it('asks nothing the format does not ask for', () => {
    const bare: ParticipantRules = {
      ...rules,
      ageMin: null,
      ageMax: null,
      regions: [],
      sizes: [],
      select: null,
      clusters: [],
      licenseFile: false,
      additionalFields: [],
    };
    const { info, uploads } = validateParticipant(
      { first_name: 'А', last_name: 'Б', phone: '79160000000', gender: 'male', birth_date: '2020-01-01', region: 1 },
      bare,
      now,
    );
    expect(info).toMatchObject({ region: null, item_size: null, select_field: null, cluster: null, license: null });
    expect(uploads).toEqual([]);
  });
});
