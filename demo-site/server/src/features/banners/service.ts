import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { banners } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { type ContentLanguage, inLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';

/** GET /api/page/banner/{type}: the banners of a page (shop, home, basket); the shop filters banner_type external_shop. */
export async function listBanners(db: Database, pageType: string, language: ContentLanguage) {
  const rows = await db.select().from(banners).where(eq(banners.pageType, pageType)).orderBy(asc(banners.sort));
  if (rows.length === 0) throw notFound();
  return rows
    .map((row) => inLanguage(row, language))
    .map((banner) => ({
      public_id: banner.publicId,
      banner_type: banner.bannerType,
      title: banner.title,
      link: banner.link,
      picture_main: banner.pictureMain,
      price: banner.price === null ? null : toRubles(banner.price),
      old_price: banner.oldPrice === null ? null : toRubles(banner.oldPrice),
    }));
}
