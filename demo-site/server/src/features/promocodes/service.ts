import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventFormats, insurances, products, promocodes } from '../../db/schema/index';
import { badRequest, found } from '../../lib/errors';
import { toRubles } from '../../lib/money';
import { promocodeCovers } from './rules';

export type PromocodeTarget = 'ticket' | 'product' | 'insurance';

export const promocodeMessages = {
  applied: 'Промокод применён',
  unknown: 'Промокод не найден',
  notStarted: 'Промокод ещё не действует',
  expired: 'Срок действия промокода истёк',
  exhausted: 'Промокод закончился',
  otherItem: {
    ticket: 'Промокод не действует для этого билета',
    product: 'Промокод не действует для этого товара',
    insurance: 'Промокод не действует для этой страховки',
  },
} as const;

async function itemPrice(db: Database, target: PromocodeTarget, publicId: string): Promise<number> {
  const table = target === 'ticket' ? eventFormats : target === 'product' ? products : insurances;
  const [item] = await db.select({ price: table.price }).from(table).where(eq(table.publicId, publicId));
  return found(item).price;
}

/** Price after one discount, in kopecks, never below zero. */
export function discountedPrice(price: number, discount: number, form: string): number {
  const off = form === 'percent' ? Math.round((price * discount) / 100) : discount;
  return Math.max(0, price - off);
}

/**
 * GET /api/promocode/check/{ticket|product|insurance}/{code}/{id}: whether a code applies to an item and
 * how many discounted items remain (`available_code_count`; the basket discounts only that many). A
 * refusal is a 400 with the server's message, which the basket shows next to the item.
 */
export async function checkPromocode(db: Database, now: Date, target: PromocodeTarget, code: string, itemPublicId: string) {
  const price = await itemPrice(db, target, itemPublicId);
  const [promo] = await db.select().from(promocodes).where(eq(promocodes.code, code.trim().toUpperCase()));
  if (!promo?.active) throw badRequest(promocodeMessages.unknown);
  if (!promocodeCovers(promo, target, itemPublicId)) throw badRequest(promocodeMessages.otherItem[target]);
  if (now < promo.startsAt) throw badRequest(promocodeMessages.notStarted);
  if (now >= promo.endsAt) throw badRequest(promocodeMessages.expired);
  const available = Math.max(0, promo.codeCount - promo.usedCount);
  if (available === 0) throw badRequest(promocodeMessages.exhausted);

  const itemKey = target === 'ticket' ? 'format_public_id' : target === 'product' ? 'product_public_id' : 'insurance_public_id';
  return {
    promocode: {
      public_id: promo.publicId,
      code: promo.code,
      discount: promo.discountForm === 'percent' ? promo.discount : toRubles(promo.discount),
      discount_form: promo.discountForm,
      count: available,
      code_count: promo.codeCount,
      price: toRubles(discountedPrice(price, promo.discount, promo.discountForm)),
      [itemKey]: itemPublicId,
    },
    available_code_count: available,
    message: promocodeMessages.applied,
  };
}
