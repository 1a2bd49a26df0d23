import { describe, expect, it } from 'vitest';
import { contactErrors, contactPhoneDigits, emailAction, passwordError, profileChanges, profileFormOf } from './rules';

const before = profileFormOf({ name: 'Иван', second_name: null, last_name: 'Петров', birth_date: '1990-05-01' });
const today = new Date('2026-05-01T00:00:00Z');

describe('profile form (accounts-sso §5)', () => {
  it('shows the stored date as DD.MM.YYYY', () => {
    expect(before).toEqual({ name: 'Иван', second_name: '', last_name: 'Петров', birth_date: '01.05.1990' });
  });

  it('sends only changed, non-empty fields; nothing changed is notChanged', () => {
    expect(profileChanges(before, before, today)).toEqual({ error: 'notChanged' });
    expect(profileChanges(before, { ...before, name: '' }, today)).toEqual({ error: 'notChanged' });
    expect(profileChanges(before, { ...before, name: ' Пётр ', second_name: 'Ильич' }, today)).toEqual({
      changes: { name: 'Пётр', second_name: 'Ильич' },
    });
    expect(profileChanges(before, { ...before, birth_date: '02.05.1990' }, today)).toEqual({ changes: { birth_date: '1990-05-02' } });
  });

  it('a date that is no day, incomplete or in the future is badDate', () => {
    for (const date of ['31.02.1990', '01.13.1990', '1.5.1990', '01.05.2030']) {
      expect(profileChanges(before, { ...before, name: 'Пётр', birth_date: date }, today)).toEqual({ error: 'badDate' });
    }
  });
});

describe('password (accounts-sso §5)', () => {
  it('short new password, then both needed', () => {
    expect(passwordError('old1', 'abc', true)).toBe('short');
    expect(passwordError('', 'Abcd1', true)).toBe('both');
    expect(passwordError('old1', '', true)).toBe('both');
    expect(passwordError('', 'Abcd1', false)).toBeNull();
    expect(passwordError('old1', 'Abcd1', true)).toBeNull();
  });
});

describe('emergency contact (accounts-sso §5)', () => {
  it('all three required; phones of RU, TJ and BY with their codes', () => {
    expect(contactErrors({ extra_contact: ' ', type_relate: '', country: 'RU', contact_phone: '' })).toEqual({
      extra_contact: 'name',
      type_relate: 'relation',
      contact_phone: 'phone',
    });
    expect(contactPhoneDigits('RU', '+7 916 123-45-67')).toBe('79161234567');
    expect(contactPhoneDigits('RU', '916 123-45-67')).toBe('79161234567');
    expect(contactPhoneDigits('BY', '29 123-45-67')).toBe('375291234567');
    expect(contactPhoneDigits('TJ', '93 123 4567')).toBe('992931234567');
    expect(contactPhoneDigits('RU', '123')).toBeNull();
    expect(contactErrors({ extra_contact: 'Мама', type_relate: 'Родитель', country: 'RU', contact_phone: '9161234567' })).toEqual({});
  });
});

describe('e-mail button (accounts-sso §4.6)', () => {
  it('confirm, change or add', () => {
    expect(emailAction({ email: 'a@b.ru', email_confirmed: false })).toBe('confirm');
    expect(emailAction({ email: 'a@b.ru', email_confirmed: true })).toBe('change');
    expect(emailAction({ email: null, email_confirmed: false })).toBe('add');
  });
});
