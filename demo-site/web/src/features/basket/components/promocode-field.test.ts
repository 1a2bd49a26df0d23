import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { promocodeRefusal } from './promocode-field';

describe('promocodeRefusal (ticketing-shop §5, §8)', () => {
  it("shows the server's message of a 4xx", () => {
    const error = new ApiError({ status: 400, code: 'http', message: 'Промокод не найден', data: { message: 'Промокод не найден' } });
    expect(promocodeRefusal(error)).toBe('Промокод не найден');
  });

  it.each([
    ['no answer', new ApiError({ status: 0, code: 'network', message: 'GET /api/promocode/check: no response' })],
    ['a timeout', new ApiError({ status: 0, code: 'timeout', message: 'GET /api/promocode/check: no response in 10000 ms' })],
    ['a 500', new ApiError({ status: 500, code: 'http', message: 'boom', data: { message: 'boom' } })],
    ['a 400 without a message', new ApiError({ status: 400, code: 'http', message: 'GET x: HTTP 400', data: null })],
    ['not an ApiError', new TypeError('Failed to fetch')],
  ])('has no refusal for %s (the field then says the generic error, never «Введите промокод»)', (_case, error) => {
    expect(promocodeRefusal(error)).toBeNull();
  });
});
