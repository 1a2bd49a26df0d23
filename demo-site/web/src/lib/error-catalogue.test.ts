import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorAction } from './error-catalogue';

const http = (status: number, message = `HTTP ${status}`) => new ApiError({ status, code: 'http', message });

// ticketing-shop §8 and accounts-sso §8, as a table.
describe('errorAction', () => {
  it.each([
    [http(400, 'Промокод не найден'), { kind: 'message', message: 'Промокод не найден' }],
    [http(401), { kind: 'login', removeToken: false }],
    [http(403), { kind: 'login', removeToken: true }],
    [http(422), { kind: 'generic' }],
    [http(500), { kind: 'generic' }],
    [http(502), { kind: 'generic' }],
    [http(404), { kind: 'none' }],
    [http(418), { kind: 'none' }],
    [http(429), { kind: 'none' }],
    [new ApiError({ status: 0, code: 'network', message: 'no response' }), { kind: 'none' }],
    [new ApiError({ status: 0, code: 'timeout', message: 'no response' }), { kind: 'none' }],
    [new Error('not an API error'), { kind: 'none' }],
  ])('%s → %o', (error, action) => {
    expect(errorAction(error)).toEqual(action);
  });
});
