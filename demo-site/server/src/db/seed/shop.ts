import { stablePublicId } from '../../lib/crypto';
import { toKopecks } from '../../lib/money';
import { addDays } from '../../lib/time';
import type { Database } from '../client';
import * as t from '../schema/index';
import type { SeededCatalogue } from './catalogue';
import { eventSeed } from './data/catalogue';
import { english, englishCertificateTitle, englishShirtTitle, englishSize } from './data/english';
import {
  bannerSeed,
  categorySeed,
  certificateSeed,
  deliveryMethodSeed,
  type ProductSeed,
  productPicture,
  productSeed,
  promocodeSeed,
  shirtStock,
} from './data/shop';

/** Event shirts: one per event whose seed says so, sized like clothes. */
export const shirtSeed: ProductSeed[] = eventSeed
  .filter((event) => event.shirt)
  .map((event) => ({
    key: `shirt-${event.key}`,
    category: 'futbolki',
    kind: 'shirt',
    event: event.key,
    title: `Футболка участника «${event.title}»`,
    titleEn: englishShirtTitle(event.title),
    description: 'Техническая футболка из дышащей ткани с символикой забега.',
    price: 1500,
    group: 'Одежда',
    subgroup: 'Футболки',
    gender: 'unisex',
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((name, i) => ({ name, stock: shirtStock[i] ?? 0 })),
  }));

export async function seedShop(db: Database, today: Date, catalogue: SeededCatalogue): Promise<void> {
  const categoryRows = await db
    .insert(t.productCategories)
    .values(
      categorySeed.map((category, sort) => ({
        publicId: stablePublicId(`category:${category.name}`),
        name: category.name,
        title: category.title,
        titleEn: english(category.title),
        sort,
      })),
    )
    .returning({ id: t.productCategories.id });
  const categoryIds = new Map(categorySeed.map((category, i) => [category.name, categoryRows[i]!.id]));

  const methodRows = await db
    .insert(t.deliveryMethods)
    .values(
      deliveryMethodSeed.map((method, sort) => ({
        publicId: stablePublicId(`delivery:${method.key}`),
        name: method.name,
        nameEn: english(method.name),
        pickup: method.pickup,
        itemType: method.itemType,
        baseCost: toKopecks(method.baseCost),
        perItemCost: toKopecks(method.perItemCost),
        remoteSurcharge: toKopecks(method.remoteSurcharge),
        sort,
      })),
    )
    .returning({ id: t.deliveryMethods.id });
  const courierId = methodRows[0]!.id;

  for (const [sort, product] of [...productSeed, ...shirtSeed].entries()) {
    const [row] = await db
      .insert(t.products)
      .values({
        publicId: stablePublicId(`product:${product.key}`),
        categoryId: categoryIds.get(product.category)!,
        kind: product.kind,
        eventId: product.event ? catalogue.eventIds.get(product.event)! : null,
        title: product.title,
        titleEn: product.titleEn ?? english(product.title),
        description: product.description,
        descriptionEn: english(product.description),
        picture: productPicture(product.key, product.title),
        price: toKopecks(product.price),
        oldPrice: product.oldPrice ? toKopecks(product.oldPrice) : null,
        insurance: product.insurance ?? false,
        insuranceCost: product.insuranceCost ? toKopecks(product.insuranceCost) : null,
        group: product.group ?? null,
        subgroup: product.subgroup ?? null,
        gender: product.gender,
        text: product.text ?? false,
        deliveryMethodId: courierId,
        showOnHome: product.home ?? false,
        showInBasket: product.basket ?? false,
        sort,
      })
      .returning({ id: t.products.id });
    await db.insert(t.productProportions).values(
      product.sizes.map((size, sizeSort) => ({
        publicId: stablePublicId(`proportion:${product.key}:${size.name}`),
        productId: row!.id,
        name: size.name,
        nameEn: englishSize(size.name),
        stock: size.stock,
        sort: sizeSort,
      })),
    );
  }

  await db.insert(t.banners).values(
    bannerSeed.map((banner, sort) => ({
      publicId: stablePublicId(`banner:${banner.key}`),
      pageType: banner.page,
      bannerType: banner.type,
      title: banner.title,
      titleEn: english(banner.title),
      link: banner.link,
      pictureMain: banner.pictureMain,
      price: banner.price === null ? null : toKopecks(banner.price),
      oldPrice: banner.oldPrice === null ? null : toKopecks(banner.oldPrice),
      sort,
    })),
  );

  await db.insert(t.promocodes).values(
    promocodeSeed.map((promo) => ({
      publicId: stablePublicId(`promocode:${promo.code}`),
      code: promo.code,
      target: promo.target,
      targetPublicId:
        promo.item === null
          ? null
          : promo.target === 'ticket'
            ? catalogue.formatIds.get(promo.item)!.publicId
            : stablePublicId(`product:${promo.item}`),
      discount: promo.form === 'fixed' ? toKopecks(promo.discount) : promo.discount,
      discountForm: promo.form,
      codeCount: promo.count,
      usedCount: promo.used,
      startsAt: addDays(today, promo.fromDay),
      endsAt: addDays(today, promo.toDay),
    })),
  );

  // A sale: 10 % off every ticket of the first event city's formats once the basket holds 3 of them.
  const [firstKey] = [...catalogue.formatIds.keys()];
  const prefix = firstKey!.split('/').slice(0, 2).join('/');
  await db.insert(t.sales).values({
    publicId: stablePublicId('sale:three-tickets'),
    title: 'Скидка 10 % на три билета и больше',
    active: true,
    startDate: addDays(today, -30),
    endDate: addDays(today, 120),
    discount: 10,
    discountForm: 'percent',
    count: 3,
    formatIds: [...catalogue.formatIds].filter(([key]) => key.startsWith(`${prefix}/`)).map(([, format]) => format.id),
  });
  await db.insert(t.certificates).values(
    certificateSeed.map((certificate) => ({
      publicId: stablePublicId(`certificate:${certificate.rubles}`),
      title: certificate.title,
      titleEn: englishCertificateTitle(certificate.rubles),
      description: 'Оплачивает билеты и товары «Лиги героев». Действует год с покупки.',
      descriptionEn: english('Оплачивает билеты и товары «Лиги героев». Действует год с покупки.'),
      picture: productPicture(certificate.key, certificate.title),
      price: toKopecks(certificate.rubles),
    })),
  );
}
