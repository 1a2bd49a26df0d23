/** The three choices of the insurance popup (accounts-sso §2.8, §4.7). */
export interface InsuranceChoice {
  event: string;
  city: string;
  format: string;
}

export const emptyChoice: InsuranceChoice = { event: '', city: '', format: '' };

/** accounts-sso §4.7: choosing an event clears city and format; choosing a city clears the format. */
export function choose(current: InsuranceChoice, field: keyof InsuranceChoice, value: string): InsuranceChoice {
  if (field === 'event') return { event: value, city: '', format: '' };
  if (field === 'city') return { ...current, city: value, format: '' };
  return { ...current, format: value };
}

/** accounts-sso §5: «Купить» only with a chosen format, a loaded offer and the terms ticked. */
export const canBuy = (choice: InsuranceChoice, offerLoaded: boolean, agreed: boolean) => choice.format !== '' && offerLoaded && agreed;

/** accounts-sso §9: events to insure start between today and a year ahead. */
export function insurableWindow(start: string, now: Date): boolean {
  const time = Date.parse(start);
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const yearAhead = new Date(today);
  yearAhead.setFullYear(yearAhead.getFullYear() + 1);
  return time >= today.getTime() && time <= yearAhead.getTime();
}
