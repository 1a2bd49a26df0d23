/** The seat map's layout and keyboard moves: pure functions over the seats GET /api/space/{id} answers. */
export interface Seat {
  public_id: string;
  sector: string;
  row: number;
  place: number;
  free: boolean;
  mine?: boolean;
}

/** The seats of one sector by row, rows and places in order. */
export function seatGrid<T extends Seat>(seats: readonly T[], sector: string | null): { row: number; seats: T[] }[] {
  const rows = new Map<number, T[]>();
  for (const seat of seats) {
    if (seat.sector !== sector) continue;
    const list = rows.get(seat.row) ?? [];
    list.push(seat);
    rows.set(seat.row, list);
  }
  return [...rows].sort(([a], [b]) => a - b).map(([row, list]) => ({ row, seats: [...list].sort((a, b) => a.place - b.place) }));
}

/**
 * Where an arrow key (or Home / End) moves from a seat: along its row, or to the nearest place of the
 * row above or below. Null for other keys or at an edge.
 */
export function stepSeat(rows: readonly { row: number; seats: readonly Seat[] }[], from: string, key: string): string | null {
  const r = rows.findIndex((row) => row.seats.some((seat) => seat.public_id === from));
  if (r === -1) return null;
  const row = rows[r]!;
  const c = row.seats.findIndex((seat) => seat.public_id === from);
  const place = row.seats[c]!.place;
  const nearest = (target: { seats: readonly Seat[] } | undefined) =>
    target?.seats.reduce((best, seat) => (Math.abs(seat.place - place) < Math.abs(best.place - place) ? seat : best)).public_id ?? null;
  switch (key) {
    case 'ArrowRight':
      return row.seats[c + 1]?.public_id ?? null;
    case 'ArrowLeft':
      return row.seats[c - 1]?.public_id ?? null;
    case 'ArrowDown':
      return nearest(rows[r + 1]);
    case 'ArrowUp':
      return nearest(rows[r - 1]);
    case 'Home':
      return row.seats[0]?.public_id ?? null;
    case 'End':
      return row.seats.at(-1)?.public_id ?? null;
    default:
      return null;
  }
}
