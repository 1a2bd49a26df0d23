import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { newsPreviewSchema } from './schemas';

/** GET /api/news/one/{id}: one news item with its text. */
export const newsItemSchema = z.object({
  ...newsPreviewSchema.shape,
  text: z.nullish(z.string()),
  paragraphs: z.nullish(z.array(z.string())),
  event: z.nullish(z.object({ public_id: z.string(), title: z.string() })),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const getNewsItem = (id: string, signal?: AbortSignal) =>
  requestParsed(newsItemSchema, { url: `/api/news/one/${encodeURIComponent(id)}`, signal });

export const newsItemQuery = (id: string) =>
  queryOptions({ queryKey: ['news', 'one', id], queryFn: ({ signal }) => getNewsItem(id, signal) });

export const useNewsItem = (id: string) => useQuery(newsItemQuery(id));

/** The item's paragraphs: as sent, or its text split on blank lines. */
export function newsParagraphs(item: NewsItem): string[] {
  if (item.paragraphs && item.paragraphs.length > 0) return item.paragraphs;
  return (item.text ?? '').split(/\n{2,}/).filter(Boolean);
}
