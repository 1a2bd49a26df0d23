import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryMethods, orderItems, productCategories, productProportions, products } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newPublicId } from '../../lib/crypto';
import { badRequest, conflict, found } from '../../lib/errors';
import { toKopecks, toRubles } from '../../lib/money';
import { changed, recordAudit } from './audit';
import type { CatalogueChanged } from './catalogue';
import type { ProductCreate, ProductPatch } from './schema';
import type { OrganizerContext } from './scope';

/**
 * The shop goods tied to an event (issue 31): the event's merchandise and its participant shirts, edited by
 * the organisation that runs the event. Sizes carry their own stock (what is left to sell: a purchase takes
 * from it in its transaction); a size once ordered is kept (set to 0), a product once ordered is withdrawn
 * by selling out its sizes, never deleted, so every order keeps what it bought.
 */

export const goodsMessages = {
  category: 'Категория товара не найдена',
  sizesUnique: 'Размеры товара не должны повторяться',
  sizeOrdered: (name: string) => `Размер «${name}» уже заказывали: его нельзя убрать — поставьте остаток 0`,
  ordered: 'Этот товар уже заказывали: его нельзя удалить — поставьте остаток 0 у всех размеров',
} as const;

/** Pictures of goods made in the back office: a drawn placeholder (images/routes.ts draws `/images/organizer/*`). */
export const goodsPicture = (publicId: string) => `/images/organizer/${publicId}-square.svg`;

type ProductRow = typeof products.$inferSelect;
type SizeRow = typeof productProportions.$inferSelect;

function presentProduct(row: ProductRow, sizes: SizeRow[], ordered: Map<number, number>, category: string | undefined) {
  return {
    public_id: row.publicId,
    title: row.title,
    title_en: row.titleEn,
    description: row.description,
    kind: row.kind,
    category: category ?? null,
    price: toRubles(row.price),
    old_price: row.oldPrice === null ? null : toRubles(row.oldPrice),
    picture: row.picture,
    show_in_basket: row.showInBasket,
    sizes: sizes.map((size) => ({ public_id: size.publicId, name: size.name, stock: size.stock, ordered: ordered.get(size.id) ?? 0 })),
    ordered: sizes.reduce((sum, size) => sum + (ordered.get(size.id) ?? 0), 0),
  };
}

/** How many of each size were ordered (in any order that still counts: paid or waiting for payment). */
async function orderedBySize(db: Database, sizeIds: number[]) {
  if (sizeIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: orderItems.proportionId, count: sql<number>`coalesce(sum(${orderItems.count}), 0)::int` })
    .from(orderItems)
    .where(inArray(orderItems.proportionId, sizeIds))
    .groupBy(orderItems.proportionId);
  return new Map(rows.map((row) => [row.id!, row.count]));
}

/** GET /api/organizer/event/{id}/products: the event's goods, each with its sizes, stock and how many were ordered. */
export async function listGoods(db: Database, eventId: number) {
  const rows = await db.select().from(products).where(eq(products.eventId, eventId)).orderBy(asc(products.sort), asc(products.id));
  const ids = rows.map((row) => row.id);
  const sizes = ids.length
    ? await db
        .select()
        .from(productProportions)
        .where(inArray(productProportions.productId, ids))
        .orderBy(asc(productProportions.sort), asc(productProportions.id))
    : [];
  const [ordered, categories] = await Promise.all([
    orderedBySize(
      db,
      sizes.map((size) => size.id),
    ),
    db.select().from(productCategories),
  ]);
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  return {
    values: rows.map((row) =>
      presentProduct(
        row,
        sizes.filter((size) => size.productId === row.id),
        ordered,
        categoryName.get(row.categoryId),
      ),
    ),
    categories: categories
      .sort((a, b) => a.sort - b.sort)
      .map((category) => ({ name: category.name, title: category.title, title_en: category.titleEn })),
  };
}

function assertUniqueSizes(sizes: { name: string }[]) {
  const names = sizes.map((size) => size.name.toLocaleLowerCase('ru'));
  if (new Set(names).size !== names.length) throw badRequest(goodsMessages.sizesUnique);
}

/** POST /api/organizer/products: a new product of the event, on the public shop at once. */
export async function createGoods(
  deps: ServerDeps,
  who: OrganizerContext,
  eventId: number,
  input: ProductCreate,
  catalogueChanged: CatalogueChanged,
) {
  assertUniqueSizes(input.sizes);
  const publicId = newPublicId();
  await deps.db.transaction(async (tx) => {
    const [category] = await tx.select().from(productCategories).where(eq(productCategories.name, input.category));
    if (!category) throw badRequest(goodsMessages.category);
    const [delivery] = await tx.select({ id: deliveryMethods.id }).from(deliveryMethods).where(eq(deliveryMethods.itemType, 'shop'));
    const [row] = await tx
      .insert(products)
      .values({
        publicId,
        categoryId: category.id,
        kind: input.kind,
        eventId,
        title: input.title,
        titleEn: input.title_en ?? null,
        description: input.description ?? '',
        picture: goodsPicture(publicId),
        price: toKopecks(input.price),
        oldPrice: input.old_price == null ? null : toKopecks(input.old_price),
        gender: 'unisex',
        deliveryMethodId: delivery?.id ?? null,
        showInBasket: input.show_in_basket ?? false,
        sort: 1000,
      })
      .returning({ id: products.id });
    await tx
      .insert(productProportions)
      .values(input.sizes.map((size, sort) => ({ publicId: newPublicId(), productId: row!.id, name: size.name, stock: size.stock, sort })));
    await recordAudit(tx, who, deps.clock.now(), {
      action: 'product.created',
      targetType: 'product',
      targetPublicId: publicId,
      eventCityId: null,
      after: { title: input.title, kind: input.kind, price: input.price, sizes: input.sizes },
    });
  });
  catalogueChanged();
  return { public_id: publicId };
}

/**
 * PATCH /api/organizer/products/{id}: texts, price and sizes. A size without `public_id` is added; a size
 * left out is removed unless it was ordered. A price change applies to new orders only (an order line keeps
 * the price it was bought at).
 */
export async function updateGoods(
  deps: ServerDeps,
  who: OrganizerContext,
  publicId: string,
  input: ProductPatch,
  catalogueChanged: CatalogueChanged,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.publicId, publicId)).for('no key update');
    const product = found(row);
    const before = {
      title: product.title,
      title_en: product.titleEn,
      description: product.description,
      price: toRubles(product.price),
      old_price: product.oldPrice === null ? null : toRubles(product.oldPrice),
      show_in_basket: product.showInBasket,
    };
    const diff = changed(before, {
      title: input.title,
      title_en: input.title_en,
      description: input.description,
      price: input.price,
      old_price: input.old_price,
      show_in_basket: input.show_in_basket,
    });
    if (diff.any)
      await tx
        .update(products)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.title_en !== undefined ? { titleEn: input.title_en } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.price !== undefined ? { price: toKopecks(input.price) } : {}),
          ...(input.old_price !== undefined ? { oldPrice: input.old_price === null ? null : toKopecks(input.old_price) } : {}),
          ...(input.show_in_basket !== undefined ? { showInBasket: input.show_in_basket } : {}),
        })
        .where(eq(products.id, product.id));
    let sizesChange: { before: unknown; after: unknown } | null = null;
    if (input.sizes) {
      assertUniqueSizes(input.sizes);
      const sizes = await tx
        .select()
        .from(productProportions)
        .where(eq(productProportions.productId, product.id))
        .orderBy(asc(productProportions.sort))
        .for('no key update');
      const ordered = await orderedBySize(
        tx,
        sizes.map((size) => size.id),
      );
      const kept = new Set(input.sizes.flatMap((size) => (size.public_id ? [size.public_id] : [])));
      for (const size of sizes) {
        if (kept.has(size.publicId)) continue;
        if ((ordered.get(size.id) ?? 0) > 0) throw conflict(goodsMessages.sizeOrdered(size.name));
        await tx.delete(productProportions).where(eq(productProportions.id, size.id));
      }
      for (const [sort, size] of input.sizes.entries()) {
        const existing = size.public_id ? sizes.find((candidate) => candidate.publicId === size.public_id) : undefined;
        if (size.public_id && !existing) throw badRequest('Размер не найден');
        if (existing)
          await tx
            .update(productProportions)
            .set({ name: size.name, stock: size.stock, sort })
            .where(eq(productProportions.id, existing.id));
        else
          await tx
            .insert(productProportions)
            .values({ publicId: newPublicId(), productId: product.id, name: size.name, stock: size.stock, sort });
      }
      const was = sizes.map((size) => ({ name: size.name, stock: size.stock }));
      const now = input.sizes.map((size) => ({ name: size.name, stock: size.stock }));
      if (JSON.stringify(was) !== JSON.stringify(now)) sizesChange = { before: was, after: now };
    }
    if (diff.any || sizesChange)
      await recordAudit(tx, who, deps.clock.now(), {
        action: 'product.updated',
        targetType: 'product',
        targetPublicId: publicId,
        eventCityId: null,
        before: { ...diff.before, ...(sizesChange ? { sizes: sizesChange.before } : {}) },
        after: { ...diff.after, ...(sizesChange ? { sizes: sizesChange.after } : {}) },
      });
  });
  catalogueChanged();
  return { ok: true };
}

/** DELETE /api/organizer/products/{id}: only a product nobody ordered. */
export async function deleteGoods(deps: ServerDeps, who: OrganizerContext, publicId: string, catalogueChanged: CatalogueChanged) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.publicId, publicId)).for('update');
    const product = found(row);
    const [use] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(and(eq(orderItems.productId, product.id)));
    if ((use?.count ?? 0) > 0) throw conflict(goodsMessages.ordered);
    await tx.delete(productProportions).where(eq(productProportions.productId, product.id));
    await tx.delete(products).where(eq(products.id, product.id));
    await recordAudit(tx, who, deps.clock.now(), {
      action: 'product.deleted',
      targetType: 'product',
      targetPublicId: publicId,
      eventCityId: null,
      before: { title: product.title, price: toRubles(product.price) },
    });
  });
  catalogueChanged();
  return { ok: true };
}
