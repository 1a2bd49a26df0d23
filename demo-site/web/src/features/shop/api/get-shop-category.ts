import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { categorySchema, productSchema } from './schemas';

/** GET /api/shop/category/{name}: one category and its products. */
export const shopCategoryResponse = z.object({ category: categorySchema, values: z.array(productSchema) });

export const getShopCategory = (name: string, signal?: AbortSignal) =>
  requestParsed(shopCategoryResponse, { url: `/api/shop/category/${encodeURIComponent(name)}`, signal });

export const shopCategoryQuery = (name: string) =>
  queryOptions({ queryKey: ['shop', 'category', name], queryFn: ({ signal }) => getShopCategory(name, signal) });

export const useShopCategory = (name: string) => useQuery(shopCategoryQuery(name));
