import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginPopupFromState, loginPopupState, signedInMayStay } from './login-popup';
import { accessOf, decideAccess, emailProblem, passwordProblem, phoneDigits, safeReturnPath, secondsLeft, smsCodeProblem } from './rules';

describe('accessOf', () => {
  it.each([
    ['/auth', 'guest'],
    ['/login', 'guest'],
    ['/login/', 'guest'],
    ['/registration', 'guest'],
    ['/registration/sms', 'guest'],
    ['/me', 'cabinet'],
    ['/me/shop', 'cabinet'],
    ['/me/ticket/abc', 'cabinet'],
    ['/add', 'cabinet'],
    ['/', 'open'],
    ['/media', 'open'],
    ['/verify/email/x', 'open'],
    ['/auth/gid', 'open'],
    ['/exit', 'open'],
  ])('%s is %s', (path, access) => {
    expect(accessOf(path)).toBe(access);
  });
});

describe('decideAccess', () => {
  const base = { search: '', signedIn: false, brokenUser: false };
  it('sends a signed-in person from a guest route to /me', () => {
    expect(decideAccess({ ...base, pathname: '/login', signedIn: true })).toEqual({ kind: 'redirect', to: '/me' });
  });
  it('sends a guest from the cabinet to /login with the way back', () => {
    expect(decideAccess({ ...base, pathname: '/me/shop', search: '?page=2' })).toEqual({
      kind: 'redirect',
      to: '/login',
      returnTo: '/me/shop?page=2',
    });
  });
  it('drops the token of a stored user without public_id and goes to /auth', () => {
    expect(decideAccess({ ...base, pathname: '/', signedIn: true, brokenUser: true })).toEqual({
      kind: 'redirect',
      to: '/auth',
      dropToken: true,
    });
  });
  it('lets everyone stay on an open page, and each on their own pages', () => {
    expect(decideAccess({ ...base, pathname: '/calendar' })).toEqual({ kind: 'stay' });
    expect(decideAccess({ ...base, pathname: '/login' })).toEqual({ kind: 'stay' });
    expect(decideAccess({ ...base, pathname: '/me', signedIn: true })).toEqual({ kind: 'stay' });
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnPath('/me/shop?x=1#top')).toBe('/me/shop?x=1#top');
    expect(safeReturnPath('/basket')).toBe('/basket');
  });
  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'me',
    '',
    '/login',
    '/registration/sms',
    '/exit',
    '/\u0000x',
    '/%0d%0aLocation:x'.replace('%0d%0a', '\r\n'),
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
  it('never leaves the site, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const path = safeReturnPath(value);
        if (path === null) return true;
        return new URL(path, 'https://site.invalid').origin === 'https://site.invalid' && path.startsWith('/') && !path.startsWith('//');
      }),
    );
  });
});

describe('emailProblem', () => {
  it('asks to fill an empty field and refuses an address without a proper domain', () => {
    expect(emailProblem('  ')).toBe('required');
    expect(emailProblem('ivan@')).toBe('email');
    expect(emailProblem('ivan@example.c')).toBe('email');
    expect(emailProblem('ivan@example.ru')).toBeNull();
    expect(emailProblem(' Ivan.Petrov@Пример.рф ')).toBeNull();
  });
});

describe('passwordProblem (accounts-sso §5, in order)', () => {
  it.each([
    ['', 'empty'],
    ['Ab1', 'passwordShort'],
    ['abcd', 'passwordUppercase'],
    ['abc1', 'passwordUppercase'],
    ['Abcd', 'passwordDigit'],
    ['Abc1', null],
    ['Пароль1', null],
    [`A1${'a'.repeat(127)}`, 'passwordLong'],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('smsCodeProblem', () => {
  it('takes exactly four digits, and an empty field has no error', () => {
    expect(smsCodeProblem('')).toBeNull();
    expect(smsCodeProblem('1234')).toBeNull();
    expect(smsCodeProblem('123')).toBe('code');
    expect(smsCodeProblem('12a4')).toBe('code');
    expect(smsCodeProblem('12345')).toBe('code');
  });
});

describe('phoneDigits', () => {
  it('reads the masked numbers of the four countries', () => {
    expect(phoneDigits('+7 (999) 000-00-01')).toBe('79990000001');
    expect(phoneDigits('8 999 000 00 01')).toBe('79990000001');
    expect(phoneDigits('+375 (29) 123-45-67')).toBe('375291234567');
    expect(phoneDigits('+992 93 123-45-67')).toBe('992931234567');
    expect(phoneDigits('+7 (999) 000-00')).toBeNull();
    expect(phoneDigits('')).toBeNull();
  });
});

describe('secondsLeft', () => {
  it('rounds up and stops at zero', () => {
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(70_000, 10_000)).toBe(60);
    expect(secondsLeft(5_000, 10_000)).toBe(0);
  });
});

describe('the login screen popups in the router state (login-popup.ts)', () => {
  it('only «Почта подтверждена» on /login lets a signed-in person stay; its way on is a same-site path only', () => {
    const confirmed = loginPopupState({ kind: 'emailConfirmed', email: 'anna@example.ru', next: '/me/shop' });
    expect(signedInMayStay('/login', confirmed)).toBe(true);
    expect(signedInMayStay('/login/', confirmed)).toBe(true);
    expect(signedInMayStay('/registration', confirmed)).toBe(false);
    expect(signedInMayStay('/login', loginPopupState({ kind: 'passwordChanged', message: null }))).toBe(false);
    expect(signedInMayStay('/login', null)).toBe(false);
    expect(signedInMayStay('/login', { popup: 'somethingElse' })).toBe(false);
    expect(loginPopupFromState(confirmed)).toEqual({ kind: 'emailConfirmed', email: 'anna@example.ru', next: '/me/shop' });
    for (const next of ['https://evil.example', '//evil.example', '/login', '/exit', 42]) {
      expect(loginPopupFromState({ popup: 'emailConfirmed', next })).toEqual({ kind: 'emailConfirmed', email: null, next: '/me' });
    }
  });
});
