import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { sanitizeHeaders } from './headers';

const NAME_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const validName = fc.string({ unit: fc.constantFrom(...NAME_CHARS), minLength: 1, maxLength: 256 });
const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const validValue = fc.string({ unit: printable, maxLength: 2048 });
const escaped = (value: string) => value.replace(/[\\"']/g, '\\$&');

describe('sanitizeHeaders', () => {
  it.each([
    ['X-Request-Id', 'abc-123', 'abc-123'],
    ['x_trace', '', ''],
    ['A', 'say "hi"', 'say \\"hi\\"'],
    ['B', "it's", "it\\'s"],
    ['C', 'C:\\path', 'C:\\\\path'],
  ])('keeps %s: %j as %j', (name, value, expected) => {
    expect(sanitizeHeaders({ [name]: value })).toEqual({ [name]: expected });
  });

  it.each([
    ['bad name', { 'X Bad': 'v' }],
    ['colon in name', { 'X:Y': 'v' }],
    ['empty name', { '': 'v' }],
    ['long name', { ['a'.repeat(257)]: 'v' }],
    ['cyrillic name', { Заголовок: 'v' }],
    ['CR LF injection', { X: 'a\r\nSet-Cookie: x=1' }],
    ['tab', { X: 'a\tb' }],
    ['NUL', { X: 'a\u0000b' }],
    ['DEL', { X: 'a\u007fb' }],
    ['non-ASCII', { X: 'привет' }],
    ['too long', { X: 'v'.repeat(2049) }],
    ['number', { X: 1 }],
    ['object', { X: {} }],
    ['null', { X: null }],
  ])('drops %s and reports it', (_label, headers) => {
    const onDrop = vi.fn();
    expect(sanitizeHeaders(headers, onDrop)).toEqual({});
    expect(onDrop).toHaveBeenCalledTimes(1);
  });

  it.each([undefined, null, 'x', 1])('returns no headers for %j', (headers) => {
    expect(sanitizeHeaders(headers)).toEqual({});
  });

  it('cannot touch the prototype through "__proto__"', () => {
    const result = sanitizeHeaders(JSON.parse('{"__proto__":"x"}'));
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__']);
  });

  it('property: valid entries always survive, escaped', () => {
    fc.assert(
      fc.property(fc.dictionary(validName, validValue, { maxKeys: 8 }), (headers) => {
        const result = sanitizeHeaders(headers);
        expect(Object.keys(result).sort()).toEqual(Object.keys(headers).sort());
        for (const [name, value] of Object.entries(headers)) expect(result[name]).toBe(escaped(value));
      }),
    );
  });

  it('property: no control character, over-long or invalid entry ever survives', () => {
    const anyName = fc.oneof(validName, fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
    const anyValue = fc.oneof(
      validValue,
      fc.string({ maxLength: 2100 }),
      fc.string({ unit: 'binary', maxLength: 50 }),
      fc.string({ unit: printable, minLength: 2049, maxLength: 2100 }),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.dictionary(anyName, anyValue, { maxKeys: 8 }), (headers) => {
        const result = sanitizeHeaders(headers);
        for (const [name, value] of Object.entries(result)) {
          expect(name).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
          expect(value).toMatch(/^[\x20-\x7e]*$/);
          const original = (headers as Record<string, unknown>)[name];
          expect(typeof original).toBe('string');
          expect((original as string).length).toBeLessThanOrEqual(2048);
          expect(value).toBe(escaped(original as string));
        }
      }),
    );
    // fast-check's 100 runs of up to 8 long entries: seconds on a loaded machine.
  }, 30_000);
});
