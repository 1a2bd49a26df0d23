import type { CheckoutReads } from './checkout-reads';
import type { PricedOrder } from './pricing';
import type { ChargeLine } from './receipt';

/** The names a receipt's lines carry, by database id. */
export interface ReceiptTitles {
  formats: Map<number, string>;
  products: Map<number, string>;
  insurances: Map<number, string>;
  certificates: Map<number, string>;
}

/** The names the receipt's lines carry, from the checkout's reads. */
export function receiptTitles(reads: CheckoutReads): ReceiptTitles {
  return {
    formats: new Map(reads.formats.map(({ format, event }) => [format.id, `${event.title} — ${format.title}`])),
    products: new Map(reads.products.map((product) => [product.id, product.title])),
    insurances: new Map(reads.insurances.map((insurance) => [insurance.id, insurance.title])),
    certificates: new Map(reads.certificates.map((certificate) => [certificate.id, certificate.title])),
  };
}

/**
 * The order's lines as the receipt (54-ФЗ) bills them: a ticket line's participant insurance is its
 * own line, goods are `commodity`, a gift certificate an `advance` (`payment`), delivery a service.
 */
export function chargeLines(priced: PricedOrder, delivery: number, titles: ReceiptTitles): ChargeLine[] {
  const lines: ChargeLine[] = [];
  const paid = { mode: 'full_payment' as const };
  for (const line of priced.lines) {
    switch (line.kind) {
      case 'ticket':
        lines.push({
          ...paid,
          description: `Билет: ${titles.formats.get(line.formatId) ?? 'участие в мероприятии'}`,
          quantity: line.count,
          total: line.total - line.insuranceCost,
          subject: 'service',
        });
        if (line.insuranceCost > 0)
          lines.push({ ...paid, description: 'Страховка участника', quantity: line.count, total: line.insuranceCost, subject: 'service' });
        break;
      case 'shop':
        lines.push({
          ...paid,
          description: titles.products.get(line.productId) ?? 'Товар',
          quantity: line.count,
          total: line.total,
          subject: 'commodity',
        });
        break;
      case 'insurance':
        lines.push({
          ...paid,
          description: `Страховой полис: ${titles.insurances.get(line.insuranceId) ?? 'страхование'}`,
          quantity: line.count,
          total: line.total,
          subject: 'service',
        });
        break;
      case 'certificate':
        lines.push({
          mode: 'advance',
          description: `Подарочный сертификат: ${titles.certificates.get(line.certificateId) ?? ''}`.trim(),
          quantity: line.count,
          total: line.total,
          subject: 'payment',
        });
        break;
    }
  }
  if (delivery > 0) lines.push({ ...paid, description: 'Доставка', quantity: 1, total: delivery, subject: 'service' });
  return lines;
}
