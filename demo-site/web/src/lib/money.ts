/** Whole rubles with the ruble sign (ticketing-shop §3), in the Russian digit grouping. */
export function formatRubles(value: number): string {
  return `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }).format(Math.round(value))} ₽`;
}
