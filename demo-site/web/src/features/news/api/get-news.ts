import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { newsPreviewSchema } from './schemas';

export const NEWS_PAGE_SIZE = 9;

/** GET /api/news?limit&offset: published news, newest first (`values`, `count`). */
export const newsListResponse = z.object({ values: z.array(newsPreviewSchema), count: z.optional(z.number()) });

export const getNews = (page: { limit: number; offset: number }, signal?: AbortSignal) =>
  requestParsed(newsListResponse, { url: '/api/news', params: page, signal });

export const newsListQuery = () =>
  infiniteQueryOptions({
    queryKey: ['news', 'list'],
    queryFn: ({ pageParam, signal }) => getNews({ limit: NEWS_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.values.length, 0);
      const total = last.count ?? loaded;
      return last.values.length === NEWS_PAGE_SIZE && loaded < total ? loaded : undefined;
    },
  });

export const useNewsList = () => useInfiniteQuery(newsListQuery());
