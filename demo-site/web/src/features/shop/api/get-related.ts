import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { productListResponse } from './schemas';

/** GET /api/shop/related/{eventId}: the goods of an event (its medal box, its light, …). */
export const relatedProductsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['shop', 'related', eventId],
    queryFn: ({ signal }) => requestParsed(productListResponse, { url: `/api/shop/related/${encodeURIComponent(eventId)}`, signal }),
  });

export const useRelatedProducts = (eventId: string) => useQuery(relatedProductsQuery(eventId));

/**
 * The «Герои» collection: GET /api/shop/project/preview/heroes (a few) or, when asked for the whole
 * collection, GET /api/shop/project/heroes.
 */
export const useHeroes = (all: boolean) =>
  useQuery({
    queryKey: ['shop', 'heroes', all ? 'all' : 'preview'],
    queryFn: ({ signal }) =>
      requestParsed(productListResponse, { url: all ? '/api/shop/project/heroes' : '/api/shop/project/preview/heroes', signal }),
  });
