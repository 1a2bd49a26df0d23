import { describe, expect, it } from 'vitest';
import { applyDelta, decideOffline, duplicateReason, type OfflineEvent, searchTickets } from './decide';

const event = (): OfflineEvent => ({
  eventCityId: 'ec1',
  timezone: 'Europe/Moscow',
  formats: ['10 км', '21 км'],
  tickets: {
    a: { id: 'a', v: 1, n: 1001, p: 'Петров Иван', f: 0 },
    b: { id: 'b', v: 2, n: 1002, p: 'Сидорова Анна', f: 1 },
    c: { id: 'c', v: 1, n: 1003, p: 'Петрова Мария', f: 0, c: '2026-06-07T06:12:00.000Z', d: 'Стойка 2' },
  },
  revoked: { r: 3 },
});

describe("decideOffline (the server's rules, without the network)", () => {
  it('green with the participant, format and start number', () => {
    expect(decideOffline({ t: 'a', e: 'ec1', f: 'x', v: 1 }, event())).toEqual({
      status: 'ok',
      ticket: { number: 1001, participant: 'Петров Иван', format: '10 км' },
    });
  });

  it('red with each reason of the issue', () => {
    expect(decideOffline(null, event())).toMatchObject({ status: 'refused', reason: 'Поддельный код', ticket: null });
    expect(decideOffline({ t: 'a', e: 'other', f: 'x', v: 1 }, event())).toMatchObject({ reason: 'Другое событие', ticket: null });
    expect(decideOffline({ t: 'b', e: 'ec1', f: 'x', v: 1 }, event())).toMatchObject({ status: 'refused', reason: 'Билет передан' });
    expect(decideOffline({ t: 'r', e: 'ec1', f: 'x', v: 3 }, event())).toMatchObject({ status: 'refused', reason: 'Билет возвращён' });
    // 06:12 UTC is 09:12 in Moscow.
    expect(decideOffline({ t: 'c', e: 'ec1', f: 'x', v: 1 }, event())).toMatchObject({
      status: 'duplicate',
      reason: 'Уже отмечен в 09:12, Стойка 2',
    });
  });

  it('a ticket picked by the manual search has no version to compare', () => {
    expect(decideOffline({ t: 'b', e: 'ec1', v: null }, event())).toMatchObject({ status: 'ok' });
  });

  it('the duplicate reason without a device name', () => {
    expect(duplicateReason('2026-06-07T06:12:00.000Z', '', 'Europe/Moscow')).toBe('Уже отмечен в 09:12');
  });
});

describe('applyDelta', () => {
  it('replaces changed tickets, drops revoked ones, keeps a check-in made here offline', () => {
    const local = event();
    local.tickets.a = { ...local.tickets.a!, c: '2026-06-07T06:00:00.000Z', d: 'Стойка 1' };
    const next = applyDelta(local, {
      tickets: [
        { id: 'a', v: 1, n: 1001, p: 'Петров Иван', f: 0 },
        { id: 'd', v: 1, n: 1004, p: 'Новый Участник', f: 1 },
      ],
      revoked: [{ id: 'b', v: 3 }],
    });
    expect(next.tickets.a?.c).toBe('2026-06-07T06:00:00.000Z');
    expect(next.tickets.d?.n).toBe(1004);
    expect(next.tickets.b).toBeUndefined();
    expect(next.revoked.b).toBe(3);
    expect(decideOffline({ t: 'b', e: 'ec1', f: 'x', v: 2 }, next)).toMatchObject({ reason: 'Билет возвращён' });
  });
});

describe('searchTickets', () => {
  it('by start number exactly, by the beginning of the surname in any case', () => {
    expect(searchTickets(event(), '1002').map((entry) => entry.id)).toEqual(['b']);
    expect(searchTickets(event(), 'петров').map((entry) => entry.id)).toEqual(['a', 'c']);
    expect(searchTickets(event(), '100')).toEqual([]);
    expect(searchTickets(event(), '  ')).toEqual([]);
  });
});
