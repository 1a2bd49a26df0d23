import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { productListResponse } from './schemas';

/** GET /api/shop/search?text=: products matching the text. */
export const searchProducts = (text: string, signal?: AbortSignal) =>
  requestParsed(productListResponse, { url: '/api/shop/search', params: { text }, signal });

export const productSearchQuery = (text: string) =>
  queryOptions({ queryKey: ['shop', 'search', text], queryFn: ({ signal }) => searchProducts(text, signal) });

export const useProductSearch = (text: string) => useQuery({ ...productSearchQuery(text), enabled: text.trim().length > 0 });
