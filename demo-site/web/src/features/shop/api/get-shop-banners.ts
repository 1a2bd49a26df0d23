import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** A page banner (ticketing-shop §3 Banner). */
export const bannerSchema = z.object({
  public_id: z.string(),
  banner_type: z.string(),
  title: z.string(),
  link: z.nullish(z.string()),
  picture_main: z.nullish(z.string()),
  price: z.nullish(z.number()),
  old_price: z.nullish(z.number()),
});
export type PageBanner = z.infer<typeof bannerSchema>;

export const pageBannersResponse = z.object({ values: z.array(bannerSchema) });

/** GET /api/page/banner/shop, keeping the external_shop banners (ticketing-shop §7). */
export async function getShopBanners(signal?: AbortSignal): Promise<PageBanner[]> {
  const { values } = await requestParsed(pageBannersResponse, { url: '/api/page/banner/shop', signal });
  return values.filter((banner) => banner.banner_type === 'external_shop');
}

export const shopBannersQuery = () => queryOptions({ queryKey: ['banners', 'shop'], queryFn: ({ signal }) => getShopBanners(signal) });

export const useShopBanners = () => useQuery(shopBannersQuery());
