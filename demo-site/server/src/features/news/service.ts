import { count, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, news } from '../../db/schema/index';
import { found } from '../../lib/errors';
import { type ContentLanguage, inLanguage, inLanguageOrNull } from '../../lib/language';

type NewsRow = typeof news.$inferSelect;

const presentPreview = (item: NewsRow) => ({
  public_id: item.publicId,
  title: item.title,
  description: item.description,
  picture: item.picture,
  date: item.publishedAt.toISOString(),
});

/** GET /api/news: published news, newest first. */
export async function listNews(db: Database, now: Date, page: { limit: number; offset: number }, language: ContentLanguage) {
  const published = lte(news.publishedAt, now);
  const rows = await db.select().from(news).where(published).orderBy(desc(news.publishedAt)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ value: count() }).from(news).where(published);
  return { values: rows.map((row) => presentPreview(inLanguage(row, language))), count: total?.value ?? 0 };
}

/** GET /api/news/preview?limit: the latest few for the home page. */
export async function previewNews(db: Database, now: Date, limit: number, language: ContentLanguage) {
  const rows = await db.select().from(news).where(lte(news.publishedAt, now)).orderBy(desc(news.publishedAt)).limit(limit);
  return rows.map((row) => presentPreview(inLanguage(row, language)));
}

/** GET /api/news/one/{id}: one news item with its body paragraphs. */
export async function getNews(db: Database, now: Date, publicId: string, language: ContentLanguage) {
  const [row] = await db
    .select({ item: news, event: events })
    .from(news)
    .leftJoin(events, eq(events.id, news.eventId))
    .where(eq(news.publicId, publicId));
  const item = inLanguage(found(row).item, language);
  const event = inLanguageOrNull(row!.event, language);
  found(item.publishedAt <= now ? item : null);
  return {
    ...presentPreview(item),
    text: item.text,
    paragraphs: item.text.split(/\n{2,}/),
    event: event ? { public_id: event.publicId, title: event.title } : null,
  };
}
