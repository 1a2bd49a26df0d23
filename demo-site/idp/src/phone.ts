/** Russian mobile numbers in E.164: `+7` and ten digits. */
const E164_RU = /^\+7\d{10}$/;

/**
 * Normalises what a person typed (`+7 (999) 000-00-01`, `89990000001`) to `+79990000001`;
 * `undefined` when it is not a Russian number.
 */
export function normalizePhone(input: string): string | undefined {
  const compact = input.trim().replace(/[\s()-]/g, '');
  const phone = /^8\d{10}$/.test(compact) ? `+7${compact.slice(1)}` : compact;
  return E164_RU.test(phone) ? phone : undefined;
}

/** `+79990000001` → `+7 999 000-00-01`. */
export function formatPhone(phone: string): string {
  const d = phone.slice(2);
  return `+7 ${d.slice(0, 3)} ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`;
}
