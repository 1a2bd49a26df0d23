/**
 * Phone numbers as the spec stores them: digits without the plus. Countries by prefix (ticketing-shop
 * §5): 992 Таджикистан and 375 Беларусь with 12 digits, 7 Россия and Казахстан with 11.
 */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/[\s()+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.startsWith('992') || digits.startsWith('375')) return digits.length === 12 ? digits : null;
  if (digits.startsWith('7')) return digits.length === 11 ? digits : null;
  return null;
}
