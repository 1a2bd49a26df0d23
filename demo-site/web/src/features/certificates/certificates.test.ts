import { describe, expect, it } from 'vitest';
import type { BasketItem, TicketLine } from '../basket/basket-items';
import { basketTotals, certificatePays, choicePayload, paymentPayload, promocodeAllowed } from '../basket/basket-model';
import { certificateLine } from './components/certificate-shop';

const offer = { public_id: 'cert-1000', title: 'Подарочный сертификат на 1 000 ₽', price: 1000, picture: '/p.png', description: null };

describe('gift certificates in the basket', () => {
  it('a certificate line carries its recipient to the payment; its promocode cannot be typed; a code goes with the body', () => {
    const line = certificateLine(offer, { name: ' Анна ', email: 'Anna@Test.Example', message: '' }, 'u1');
    expect(promocodeAllowed(line)).toBe(false);
    const body = paymentPayload([line], {
      email: 'me@test.example',
      register: false,
      infoOf: () => null,
      certificateCode: 'AAAA-BBBB-CCCC',
    });
    expect(body.certificates).toEqual([
      { public_id: 'cert-1000', count: 1, recipient: { name: 'Анна', email: 'anna@test.example', message: null } },
    ]);
    expect(body.certificate_code).toBe('AAAA-BBBB-CCCC');
    expect(paymentPayload([line], { email: 'me@test.example', register: false, infoOf: () => null })).not.toHaveProperty(
      'certificate_code',
    );
  });

  it('a certificate pays what it has left, up to the basket without its certificates', () => {
    const line = certificateLine(offer, null, 'u1');
    const totals = basketTotals([line as BasketItem], {});
    expect(totals.certificates).toBe(100_000);
    expect(certificatePays(totals, 50_000)).toBe(0);
    expect(certificatePays({ total: 350_000, certificates: 100_000 }, 100_000)).toBe(100_000);
    expect(certificatePays({ total: 150_000, certificates: 100_000 }, 100_000)).toBe(50_000);
  });
});

describe('a ticket line’s held number or seat in the payment', () => {
  const now = Date.parse('2026-05-01T10:00:00Z');
  it('sends only the choice, and only while its hold runs', () => {
    expect(choicePayload({ kind: 'number', number: 17, heldUntil: '2026-05-01T10:05:00Z' }, now)).toEqual({ start_number: 17 });
    expect(choicePayload({ kind: 'seat', public_id: 'p1', sector: 'A', row: 1, place: 2, heldUntil: '2026-05-01T10:05:00Z' }, now)).toEqual(
      { place_public_id: 'p1' },
    );
    expect(choicePayload({ kind: 'number', number: 17, heldUntil: '2026-05-01T09:59:59Z' }, now)).toEqual({});
    expect(choicePayload(null, now)).toEqual({});
  });

  it('a ticket line with a choice sends start_number, never number/sector/place in the info', () => {
    const ticket = {
      selector: 'ticket',
      public_id: 'f',
      unique_id: 't1',
      title: '21,1 км',
      price: 2500,
      count: 1,
      totalCost: 2500,
      promocode: null,
      format_public_id: 'f',
      event: { public_id: 'e', title: 'Забег' },
      event_city: { public_id: 'c' },
      address: '',
      start_time: '2026-06-01T06:00:00Z',
      kind: 'athlete',
      max_count: 10,
      fixed_count: false,
      team_all: false,
      isTeam: false,
      buy_limit: null,
      tickets_left: 100,
      preregistration: false,
      space: false,
      addTicketToBasketTime: now,
      groupId: 'g',
      isErrorTab: false,
      choice: { kind: 'number', number: 17, heldUntil: '2026-05-01T10:05:00Z' },
    } satisfies TicketLine;
    const body = paymentPayload([ticket], { email: 'me@test.example', register: false, infoOf: () => null, now });
    expect(body.tickets[0]).toMatchObject({ format_public_id: 'f', start_number: 17 });
    expect(body.tickets[0]).not.toHaveProperty('info');
  });
});
