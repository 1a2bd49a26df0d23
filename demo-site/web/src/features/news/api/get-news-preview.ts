import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { newsPreviewSchema } from './schemas';

/** GET /api/news/preview?limit: the latest news for the home page. */
export const newsPreviewResponse = z.object({ values: z.array(newsPreviewSchema) });

export const getNewsPreview = (limit: number, signal?: AbortSignal) =>
  requestParsed(newsPreviewResponse, { url: '/api/news/preview', params: { limit }, signal });

export const newsPreviewQuery = (limit: number) =>
  queryOptions({ queryKey: ['news', 'preview', limit], queryFn: ({ signal }) => getNewsPreview(limit, signal) });

export const useNewsPreview = (limit = 3) => useQuery(newsPreviewQuery(limit));
