/**
 * A result time typed by a person, `HH:MM:SS` or `MM:SS` (hours up to 99, minutes and seconds below
 * 60), as `HH:MM:SS` — the form the results tables use. Null when it is not a time or is zero.
 */
export function normalizeDuration(text: string): string | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1] ?? 0), Number(match[2]), Number(match[3])];
  if (minutes > 59 || seconds > 59 || hours + minutes + seconds === 0) return null;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
