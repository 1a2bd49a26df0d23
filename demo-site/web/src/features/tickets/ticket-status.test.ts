import { describe, expect, it } from 'vitest';
import { splitByRegistration, ticketPageSection, ticketStatusLabel } from './ticket-status';

const start = '2030-06-07T06:00:00.000Z';
const before = Date.parse(start) - 1;
const after = Date.parse(start) + 1;
const card = (status: string, info: { registered?: boolean; offline_registered?: boolean }) => ({
  status,
  info,
  event_format: { start_time: start, public_id: 'f', title: '10 км' },
});

describe('ticketStatusLabel (accounts-sso §4.5)', () => {
  it('registered: «Билет зарегистрирован»; checked in at the start line: «Использован», before the start too (issue 24)', () => {
    expect(ticketStatusLabel(card('active', { registered: true }), 'my', before)).toBe('registered');
    expect(ticketStatusLabel(card('active', { registered: true }), 'my', after)).toBe('registered');
    expect(ticketStatusLabel(card('active', { registered: true, offline_registered: true }), 'my', before)).toBe('used');
    expect(ticketStatusLabel(card('active', { registered: true, offline_registered: true }), 'my', after)).toBe('used');
    expect(ticketStatusLabel(card('active', { registered: false, offline_registered: true }), 'my', before)).toBe('used');
  });

  it('unregistered: «Зарегистрироваться», «Ожидайте возврат» while a refund is awaited', () => {
    expect(ticketStatusLabel(card('active', { registered: false }), 'my', before)).toBe('register');
    expect(ticketStatusLabel(card('processing', { registered: false }), 'my', before)).toBe('awaitingRefund');
    expect(ticketStatusLabel(card('processing', { registered: true }), 'my', before)).toBe('awaitingRefund');
  });

  it('a refunded ticket is «Возврат выполнен», past or not', () => {
    expect(ticketStatusLabel(card('returned', { registered: true }), 'my', before)).toBe('refunded');
    expect(ticketStatusLabel(card('returned', { registered: false }), 'old', after)).toBe('refunded');
  });

  it('a past ticket is «Завершено» whatever its state', () => {
    expect(ticketStatusLabel(card('active', { registered: true, offline_registered: true }), 'old', after)).toBe('finished');
    expect(ticketStatusLabel(card('active', { registered: false }), 'old', after)).toBe('finished');
  });
});

describe('splitByRegistration', () => {
  it('keeps the order within each list', () => {
    const tickets = [
      { id: 1, info: { registered: true } },
      { id: 2, info: { registered: false } },
      { id: 3, info: { registered: true } },
      { id: 4, info: {} },
    ];
    const { registered, unregistered } = splitByRegistration(tickets);
    expect(registered.map((ticket) => ticket.id)).toEqual([1, 3]);
    expect(unregistered.map((ticket) => ticket.id)).toEqual([2, 4]);
  });
});

describe('ticketPageSection', () => {
  const base = { past: false, transfer_pending: false, info: { email: null as string | null } };
  it('past first, then held, being passed on, passed on, and addressed to me', () => {
    expect(ticketPageSection({ ...base, past: true, participant: {} })).toBe('old');
    expect(ticketPageSection({ ...base, participant: {} })).toBe('my');
    expect(ticketPageSection({ ...base, transfer_pending: true, info: { email: 'b@x.ru' }, participant: {} })).toBe('transfered');
    expect(ticketPageSection({ ...base, info: { email: 'b@x.ru' }, participant: null })).toBe('transfered');
    expect(ticketPageSection({ ...base, transfer_pending: true, participant: null })).toBe('my');
  });
});
