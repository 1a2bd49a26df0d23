import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { stablePublicId } from '../../lib/crypto';
import { findUserByEmail } from '../users/service';
import { confirmOrder } from './orders';
import type { PaymentBody } from './schema';
import { createPayment } from './service';
import { loadCheckoutFormats } from './ticket-rules';

const meta = { ip: undefined, userAgent: 'seed' };

/**
 * The demo account's purchases, made on first start through the real payment path (priced, stock
 * taken, paid, tickets numbered), so the personal cabinet has something to show: two tickets with a
 * policy for an upcoming race, a ticket of a race already run (bought before it, with the clock set
 * back), and a delivered shop order.
 */
export async function seedDemoPurchases(deps: ServerDeps): Promise<void> {
  const user = await findUserByEmail(deps.db, 'demo@geroi.example');
  if (!user) return;
  const auth = { user, sessionId: 0 };
  const spring10k = stablePublicId('format:spring-run/moscow/10k');
  const winter10k = stablePublicId('format:winter-run/moscow/10k');
  const person = { first_name: 'Иван', last_name: 'Петров', phone: '79990000001', gender: 'male', birth_date: '1988-04-12' };
  // The participant passes each format's own rules (its region, a shirt size in stock, its choices).
  const formats = await loadCheckoutFormats(deps.db, [
    { format_public_id: spring10k, info: person },
    { format_public_id: winter10k, info: person },
  ]);
  const participantFor = (formatId: string): Record<string, string | number> => {
    const rules = formats.get(formatId)?.rules;
    if (!rules) return person;
    const filled: Record<string, string | number> = { ...person };
    if (rules.regions[0] !== undefined) filled.region = rules.regions[0];
    if (rules.sizes[0]) filled.item_size = rules.sizes[0];
    if (rules.select?.values[0]) filled.select_field = rules.select.values[0];
    const cluster = rules.clusters.find((candidate) => !candidate.document);
    if (cluster) filled.cluster = cluster.name;
    for (const field of rules.additionalFields) if (field.required) filled[field.name] = '—';
    return filled;
  };
  const buy = async (body: Omit<PaymentBody, 'email' | 'register'>, daysAgo: number, shopStatus?: string) => {
    const now = deps.clock.now();
    const then = new Date(now.getTime() - daysAgo * 86_400_000);
    const past = { ...deps, clock: { now: () => then } };
    const { order_id } = await createPayment(past, { email: 'demo@geroi.example', register: false, ...body }, auth, meta);
    const [order] = await deps.db.select().from(orders).where(eq(orders.publicId, order_id));
    await confirmOrder(past, order!.id, null);
    if (shopStatus) await deps.db.update(orders).set({ shopStatus }).where(eq(orders.id, order!.id));
  };
  const none = { shop: [], insurances: [], certificates: [] };
  await buy(
    {
      ...none,
      tickets: [{ format_public_id: spring10k, ticket_count: 2, insurance: true, info: [participantFor(spring10k)] }],
    },
    3,
  );
  await buy({ ...none, tickets: [{ format_public_id: winter10k, info: [participantFor(winter10k)] }] }, 90);
  await buy(
    {
      tickets: [],
      insurances: [],
      certificates: [],
      shop: [
        {
          product: { public_id: stablePublicId('product:hoodie-geroi') },
          proportion: { public_id: stablePublicId('proportion:hoodie-geroi:M') },
          count: 1,
        },
        { product: { public_id: stablePublicId('product:cap') }, count: 1 },
      ],
      delivery: {
        public_id: stablePublicId('delivery:courier'),
        location_id: 524901,
        phone: '+79990000001',
        address: 'ул. Тверская, 7, кв. 12',
        first_name: 'Иван',
        last_name: 'Петров',
      },
    },
    20,
    'delivered',
  );
}
