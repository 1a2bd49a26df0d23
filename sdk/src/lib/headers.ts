const NAME = /^[\w-]{1,256}$/; // \w: A–Z a–z 0–9 _
// Printable ASCII only: letters, digits, space and punctuation. Never CR, LF, other control
// characters or anything fetch() would refuse as a non-ByteString.
const VALUE = /^[ -~]{0,2048}$/; // \x20–\x7e

/**
 * Keeps only the custom headers that are safe to send (spec 5.1): names of 1–256 letters, digits,
 * `-` and `_`; string values of at most 2048 printable characters, with backslashes and quotes
 * escaped. Dropped entries are reported to `onDrop` (the debug console).
 * @example
 * sanitizeHeaders({ 'X-Site': 'a"b', 'Bad Name': 'x' }); // → { 'X-Site': 'a\\"b' }
 */
export function sanitizeHeaders(headers: unknown, onDrop?: (name: string, reason: string) => void): Record<string, string> {
  const kept: [string, string][] = [];
  // Anything but an object (null too) has no headers.
  for (const [name, value] of Object.entries(typeof headers === 'object' && headers ? headers : {})) {
    if (!NAME.test(name)) onDrop?.(name, 'invalid name');
    else if (typeof value !== 'string' || !VALUE.test(value)) onDrop?.(name, 'invalid value');
    else kept.push([name, value.replace(/[\\"']/g, '\\$&')]);
  }
  // fromEntries defines own properties, so a header named "__proto__" cannot touch the prototype.
  return Object.fromEntries(kept);
}
