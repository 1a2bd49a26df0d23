import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { categorySchema } from './schemas';

/** GET /api/shop/categories: the shop's categories (the server's addition for the category screen). */
export const shopCategoriesResponse = z.object({ values: z.array(categorySchema) });

export const getShopCategories = (signal?: AbortSignal) => requestParsed(shopCategoriesResponse, { url: '/api/shop/categories', signal });

export const shopCategoriesQuery = () =>
  queryOptions({ queryKey: ['shop', 'categories'], queryFn: ({ signal }) => getShopCategories(signal), staleTime: 10 * 60_000 });

export const useShopCategories = () => useQuery(shopCategoriesQuery());
