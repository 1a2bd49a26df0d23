import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReceipt, type ChargeLine, receiptTotal, splitLine, spreadReduction } from './receipt';

const line = fc.record({
  description: fc.string({ minLength: 1, maxLength: 200 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  total: fc.integer({ min: 0, max: 5_000_000 }),
  subject: fc.constantFrom('service' as const, 'commodity' as const, 'payment' as const),
  mode: fc.constantFrom('full_payment' as const, 'advance' as const),
});

describe('receipt (54-ФЗ) arithmetic', () => {
  it('a reduction spread over lines adds up to the kopeck, no line below 0 or above its total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (totals, part) => {
          const sum = totals.reduce((a, b) => a + b, 0);
          const reduction = Math.floor(sum * part);
          const spread = spreadReduction(totals, reduction);
          expect(spread.reduce((a, b) => a + b, 0)).toBe(sum - reduction);
          spread.forEach((value, index) => {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(totals[index]!);
          });
        },
      ),
    );
  });

  it('a line splits into whole-kopeck unit prices that add up to its total and keep its quantity', () => {
    fc.assert(
      fc.property(line, (charge) => {
        const items = splitLine(charge, 1);
        expect(items.reduce((sum, item) => sum + item.amount * item.quantity, 0)).toBe(charge.total);
        for (const item of items) {
          expect(item.amount).toBeGreaterThan(0);
          expect(Number.isInteger(item.amount)).toBe(true);
          expect(item.description.length).toBeLessThanOrEqual(128);
        }
        if (charge.total >= charge.quantity) expect(items.reduce((sum, item) => sum + item.quantity, 0)).toBe(charge.quantity);
        expect(items.length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('the receipt of any basket and any certificate payment sums to the payment', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (lines, part) => {
        const sum = lines.reduce((a, b) => a + b.total, 0);
        const reducible = lines.reduce((a, b) => a + (b.mode === 'advance' ? 0 : b.total), 0);
        const payable = sum - Math.floor(reducible * part);
        const receipt = buildReceipt({ email: 'buyer@example.ru', lines, payable, vatCode: 1 });
        expect(receiptTotal(receipt)).toBe(payable);
        expect(receipt.email).toBe('buyer@example.ru');
      }),
    );
  });

  it('three tickets for 1000.00 with 100.00 off: 333.34 + 2 × 333.33 before, the certificate taken evenly', () => {
    const tickets: ChargeLine = { description: 'Билет', quantity: 3, total: 100_000, subject: 'service', mode: 'full_payment' };
    expect(splitLine(tickets, 1)).toEqual([
      { description: 'Билет', quantity: 2, amount: 33_333, vatCode: 1, subject: 'service', mode: 'full_payment' },
      { description: 'Билет', quantity: 1, amount: 33_334, vatCode: 1, subject: 'service', mode: 'full_payment' },
    ]);
    const delivery: ChargeLine = { description: 'Доставка', quantity: 1, total: 30_000, subject: 'service', mode: 'full_payment' };
    const receipt = buildReceipt({ email: 'a@b.ru', lines: [tickets, delivery], payable: 120_000, vatCode: 1 });
    expect(receiptTotal(receipt)).toBe(120_000);
    expect(receipt.items.at(-1)).toMatchObject({ description: 'Доставка', amount: 30_000 - 2308 });
  });

  it('a reduction above the sum is refused; certificates sold take none of it', () => {
    expect(() => spreadReduction([100, 200], 301)).toThrow(RangeError);
    const certificate: ChargeLine = { description: 'Сертификат', quantity: 1, total: 300_000, subject: 'payment', mode: 'advance' };
    const ticket: ChargeLine = { description: 'Билет', quantity: 1, total: 150_000, subject: 'service', mode: 'full_payment' };
    const receipt = buildReceipt({ email: 'a@b.ru', lines: [certificate, ticket], payable: 400_000, vatCode: 1 });
    expect(receipt.items.map((item) => item.amount)).toEqual([300_000, 100_000]);
    expect(() => buildReceipt({ email: 'a@b.ru', lines: [certificate, ticket], payable: 100_000, vatCode: 1 })).toThrow(RangeError);
  });
});
