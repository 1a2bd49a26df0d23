import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { productSchema } from './schemas';

/** GET /api/shop/product/{id}: one product with its sizes. */
export const getProduct = (id: string, signal?: AbortSignal) =>
  requestParsed(productSchema, { url: `/api/shop/product/${encodeURIComponent(id)}`, signal });

export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['shop', 'product', id], queryFn: ({ signal }) => getProduct(id, signal) });

export const useProduct = (id: string) => useQuery(productQuery(id));
