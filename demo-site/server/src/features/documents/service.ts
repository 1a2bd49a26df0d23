import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insurances } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { toRubles } from '../../lib/money';
import { type PdfBlock, renderPdf } from '../../lib/pdf';
import { personalDataPolicy, publicOffer, type SiteDocument } from './texts';

export interface RenderedDocument {
  title: string;
  file: string;
  pdf: Buffer;
  /** A strong validator of the bytes, for `ETag` / `If-None-Match`. */
  etag: string;
}

const fixed = new Map<string, SiteDocument>([
  ['pers', personalDataPolicy],
  ['offers', publicOffer],
]);

/** The date the fixed documents carry in their metadata: they do not change with the server clock. */
const EDITION = new Date('2026-01-15T00:00:00Z');

/** Rendered once per process and content: the documents change only with the code or an insurance offer. */
const rendered = new Map<string, Promise<RenderedDocument>>();

async function render(document: SiteDocument, createdAt: Date): Promise<RenderedDocument> {
  const pdf = await renderPdf({ title: document.title, blocks: document.blocks, createdAt });
  return {
    title: document.title,
    file: document.file,
    pdf,
    etag: `"${createHash('sha256').update(pdf).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * GET /api/files/document/{name}: `pers` (personal-data policy), `offers` (public offer), and the
 * insurance terms the insurance offers link to in `legals` (`/api/files/document/insurance-day`, …).
 */
export async function siteDocument(db: Database, name: string): Promise<RenderedDocument> {
  const document = fixed.get(name);
  if (document) return once(name, () => render(document, EDITION));
  const [insurance] = await db
    .select()
    .from(insurances)
    .where(eq(insurances.legals, `/api/files/document/${name}`));
  if (!insurance) throw notFound('Документ не найден');
  // Keyed by the offer's content: an edited offer gets a new document (and a new ETag).
  const version = createHash('sha256').update(JSON.stringify(insurance)).digest('base64url');
  return once(`${name}:${version}`, () => render(insuranceTerms(insurance, name), EDITION));
}

function once(key: string, make: () => Promise<RenderedDocument>): Promise<RenderedDocument> {
  let cached = rendered.get(key);
  if (!cached) {
    cached = make();
    rendered.set(key, cached);
    cached.catch(() => rendered.delete(key));
  }
  return cached;
}

function insuranceTerms(insurance: typeof insurances.$inferSelect, name: string): SiteDocument {
  const days = Math.round(insurance.validityTime / 86_400);
  const blocks: PdfBlock[] = [
    { kind: 'title', text: `Условия страхования: ${insurance.name}` },
    { kind: 'paragraph', text: insurance.title },
    { kind: 'field', label: 'Стоимость', value: `${toRubles(insurance.price)} ₽` },
    { kind: 'field', label: 'Срок действия', value: `${days} ${plural(days, 'день', 'дня', 'дней')}` },
    { kind: 'heading', text: 'Что покрывает полис' },
    { kind: 'paragraph', text: insurance.description },
    { kind: 'paragraph', text: insurance.footnote },
    { kind: 'heading', text: 'Начало действия' },
    {
      kind: 'paragraph',
      text: insurance.userPicksStart
        ? 'Дату начала действия выбирает страхователь при покупке; она не может быть раньше, чем через сутки после оплаты.'
        : 'Полис действует в день участия в мероприятии, указанном при покупке.',
    },
    { kind: 'heading', text: 'Страховой случай' },
    {
      kind: 'paragraph',
      text: 'При наступлении страхового случая сообщите о нём страховщику в течение 30 дней, указав номер полиса из личного кабинета (раздел «Страховки»), и приложите медицинские документы.',
    },
    { kind: 'paragraph', text: 'Возраст застрахованного — от 5 до 86 лет на дату начала действия полиса.' },
  ];
  return { title: `Условия страхования — ${insurance.name}`, file: `${name}.pdf`, blocks };
}

/** Russian plural form: 1 день, 2 дня, 5 дней. */
export function plural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}
