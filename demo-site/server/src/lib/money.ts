/**
 * Money is stored and computed in kopecks (integers); the API speaks rubles, as the specs' prices do.
 * Rounded to 2 decimals as spec 3 of ticketing-shop says.
 */
export const toRubles = (kopecks: number): number => Math.round(kopecks) / 100;

export const toKopecks = (rubles: number): number => Math.round(rubles * 100);
