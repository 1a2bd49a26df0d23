import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baskets } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { noQuery } from '../../lib/schemas';

/** A basket line as the client keeps it (ticketing-shop §3): kept as given, bounded in size. */
const basketItem = z.looseObject({
  selector: z.enum(['ticket', 'shop', 'insurance', 'certificate'], { error: 'Неизвестный вид позиции корзины' }),
  public_id: z.string().max(64).optional(),
  unique_id: z.union([z.string().max(128), z.number()]).optional(),
});
type BasketItem = z.infer<typeof basketItem>;

export const MAX_BASKET_ITEMS = 200;
const MAX_BASKET_BYTES = 256 * 1024;

const basketBody = z
  .object({
    goods: z.array(basketItem).max(MAX_BASKET_ITEMS, `В корзине может быть не больше ${MAX_BASKET_ITEMS} позиций`),
    /** After sign-in the guest basket is added to the stored one (accounts-sso §4.1) instead of replacing it. */
    merge: z.boolean().optional().default(false),
  })
  .refine((body) => JSON.stringify(body.goods).length <= MAX_BASKET_BYTES, { message: 'Корзина слишком большая' });

/** ticketing-shop §4: shop lines are keyed by product id plus size, other lines by unique_id. */
export const basketKey = (item: BasketItem): string => {
  const record = item as Record<string, unknown>;
  if (item.selector === 'shop') return `shop:${item.public_id ?? ''}:${String(record.size ?? record.proportion_public_id ?? '')}`;
  return `${item.selector}:${String(item.unique_id ?? item.public_id ?? '')}`;
};

export function mergeBaskets(stored: BasketItem[], added: BasketItem[]): BasketItem[] {
  const merged = new Map(stored.map((item) => [basketKey(item), item]));
  for (const item of added) merged.set(basketKey(item), item);
  return [...merged.values()].slice(0, MAX_BASKET_ITEMS);
}

/** The signed-in user's basket, kept on the server between devices. */
export const basketRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const read = async (userId: number): Promise<BasketItem[]> => {
      const [row] = await deps.db.select().from(baskets).where(eq(baskets.userId, userId));
      return (row?.goods as BasketItem[] | undefined) ?? [];
    };

    app.get('/api/user/basket', { schema: { querystring: noQuery } }, async (request, reply) => {
      const { user } = await requireUser(deps, request);
      reply.header('cache-control', 'no-store');
      return { goods: await read(user.id) };
    });

    app.post('/api/user/basket', { schema: { body: basketBody, querystring: noQuery } }, async (request) => {
      const { user } = await requireUser(deps, request);
      const goods = request.body.merge ? mergeBaskets(await read(user.id), request.body.goods) : request.body.goods;
      const now = deps.clock.now();
      await deps.db
        .insert(baskets)
        .values({ userId: user.id, goods, updatedAt: now })
        .onConflictDoUpdate({ target: baskets.userId, set: { goods, updatedAt: now } });
      return { goods };
    });
  };
