import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { productListResponse } from './schemas';

/** GET /api/shop/items/{home or basket}: the random preview of up to 16 products (ticketing-shop §9). */
export const getShopPreview = (place: 'home' | 'basket', signal?: AbortSignal) =>
  requestParsed(productListResponse, { url: `/api/shop/items/${place}`, signal });

export const shopPreviewQuery = (place: 'home' | 'basket') =>
  queryOptions({ queryKey: ['shop', 'preview', place], queryFn: ({ signal }) => getShopPreview(place, signal) });

export const useShopPreview = (place: 'home' | 'basket') => useQuery(shopPreviewQuery(place));
