import { describe, expect, it } from 'vitest';
import { errors, GidError, isGidError } from './errors';

describe('errors', () => {
  it('names every code as itself, the contract codes among them', () => {
    for (const [name, code] of Object.entries(errors)) expect(code).toBe(name);
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['POPUP_ERROR', 'POPUP_CLOSED', 'STATE_MISMATCH', 'TOKEN_ERROR', 'CONFIG_ERROR', 'LOGIN_REQUIRED']),
    );
    expect(Object.keys(errors)).toHaveLength(16);
  });

  it('a GidError carries its code, message and details', () => {
    const error = new GidError(errors.LOGIN_REQUIRED, 'Нужен вход', { error: 'login_required', thirdParty: true });
    expect(isGidError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'LOGIN_REQUIRED', message: 'Нужен вход', error: 'login_required', thirdParty: true });
  });
});
