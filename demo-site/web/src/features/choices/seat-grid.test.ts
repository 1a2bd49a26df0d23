import { describe, expect, it } from 'vitest';
import { type Seat, seatGrid, stepSeat } from './seat-grid';

const seat = (sector: string, row: number, place: number, free = true): Seat => ({
  public_id: `${sector}-${row}-${place}`,
  sector,
  row,
  place,
  free,
});

describe('seat map layout and keys', () => {
  const seats = [seat('B', 1, 1), seat('A', 2, 2), seat('A', 1, 2, false), seat('A', 2, 1), seat('A', 1, 1), seat('A', 3, 1)];

  it('lays out one sector by row, rows and places in order', () => {
    expect(seatGrid(seats, 'A').map((row) => [row.row, row.seats.map((one) => one.place)])).toEqual([
      [1, [1, 2]],
      [2, [1, 2]],
      [3, [1]],
    ]);
    expect(seatGrid(seats, 'C')).toEqual([]);
  });

  it('arrows move along a row and to the nearest place of the next row; edges stay put', () => {
    const rows = seatGrid(seats, 'A');
    expect(stepSeat(rows, 'A-1-1', 'ArrowRight')).toBe('A-1-2');
    expect(stepSeat(rows, 'A-1-2', 'ArrowRight')).toBeNull();
    expect(stepSeat(rows, 'A-1-2', 'ArrowLeft')).toBe('A-1-1');
    expect(stepSeat(rows, 'A-2-2', 'ArrowDown')).toBe('A-3-1');
    expect(stepSeat(rows, 'A-2-2', 'ArrowUp')).toBe('A-1-2');
    expect(stepSeat(rows, 'A-1-1', 'ArrowUp')).toBeNull();
    expect(stepSeat(rows, 'A-2-2', 'Home')).toBe('A-2-1');
    expect(stepSeat(rows, 'A-2-1', 'End')).toBe('A-2-2');
    expect(stepSeat(rows, 'A-2-1', 'a')).toBeNull();
    expect(stepSeat(rows, 'missing', 'ArrowRight')).toBeNull();
  });
});
