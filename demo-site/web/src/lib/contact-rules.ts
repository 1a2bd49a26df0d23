/**
 * The light part of the contact rules (no libphonenumber): phone digits and their full length by
 * country prefix (ticketing-shop §5: 992 TJ and 375 BY 12 digits, 79 RU and 77 KZ 11), and the
 * checkout e-mail pattern. The basket and its forms use only these, so that their route stays small;
 * lib/contact.ts adds the numbering-plan check for the screens that want it.
 */

/** The digits of a phone as typed; a Russian 8 at the start becomes 7. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('89') ? `7${digits.slice(1)}` : digits;
}

/** Full length for the country its prefix names. */
export function isFullPhone(value: string): boolean {
  const digits = phoneDigits(value);
  if (digits.startsWith('992') || digits.startsWith('375')) return digits.length === 12;
  if (digits.startsWith('79') || digits.startsWith('77')) return digits.length === 11;
  return false;
}

/** ticketing-shop §5 checkout e-mail: the top-level part is 2 to 12 letters. */
export const emailPattern = /^[\p{L}\d._%+-]+@[\p{L}\d-]+(\.[\p{L}\d-]+)*\.\p{L}{2,12}$/u;
