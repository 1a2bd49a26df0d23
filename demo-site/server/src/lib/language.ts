/**
 * The language of the catalogue's texts. Russian is the site's language and every row has it; English
 * comes from the `*_en` columns beside the Russian ones, when a client asks for it.
 */
export const contentLanguages = ['ru', 'en'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/** Headers longer than this are not read past it: the choice never costs more than a short scan. */
const MAX_HEADER_LENGTH = 256;

/**
 * The language to answer in, from an `Accept-Language` header (RFC 9110 §12.5.4): the served language
 * with the highest weight, the earlier one on a tie; Russian when the header is missing, names no
 * language served here, or cannot be read. `en-GB` counts as `en`; `q=0` refuses a language.
 */
export function pickLanguage(header: string | string[] | undefined): ContentLanguage {
  if (header === undefined) return 'ru';
  if (typeof header !== 'string' || header.length > MAX_HEADER_LENGTH) return parseLanguage(String(header));
  // A browser sends the same header on every call: each distinct one is read once (a memo of at most
  // MAX_PICKED short headers, so what a client writes cannot grow it past 64 KB).
  let language = picked.get(header);
  if (language === undefined) {
    if (picked.size >= MAX_PICKED) picked.clear();
    language = parseLanguage(header);
    picked.set(header, language);
  }
  return language;
}

const picked = new Map<string, ContentLanguage>();
const MAX_PICKED = 256;

function parseLanguage(header: string): ContentLanguage {
  const value = header.slice(0, MAX_HEADER_LENGTH);
  let best: ContentLanguage = 'ru';
  let bestWeight = 0;
  for (const part of value.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'ru' && primary !== 'en') continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i.exec(param);
      if (match) weight = Number(match[1]);
    }
    if (weight > bestWeight) {
      best = primary;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * A row with its texts in `language`: for English, every `xxxEn` column that has a value (a text, or
 * a JSON column's English copy) replaces the `xxx` beside it (an untranslated one keeps the Russian). Columns named by their language (`nameRu`,
 * `nameEn` of places) are left as they are: the API sends both.
 */
export function inLanguage<Row extends object>(row: Row, language: ContentLanguage): Row {
  if (language === 'ru') return row;
  const copy = { ...row } as Record<string, unknown>;
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string' && value.startsWith(SEED_PICTURES)) copy[key] = englishPicture(value);
    if (!key.endsWith('En') || value === null || value === undefined || value === '') continue;
    const base = key.slice(0, -2);
    if (base in copy) copy[base] = value;
  }
  return copy as Row;
}

/** Where the seed's drawn pictures live (features/images); their English copies are under `/images/en/`. */
const SEED_PICTURES = '/images/';

/**
 * The English copy of a seeded picture (its caption in English, or none): an English page shows no
 * Cyrillic in its pictures either. Other addresses (uploads, links elsewhere) stay as they are.
 */
export const englishPicture = (path: string): string =>
  path.startsWith(SEED_PICTURES) && !path.startsWith(`${SEED_PICTURES}en/`)
    ? `${SEED_PICTURES}en/${path.slice(SEED_PICTURES.length)}`
    : path;

/** `inLanguage` for a possibly missing row. */
export const inLanguageOrNull = <Row extends object>(row: Row | null | undefined, language: ContentLanguage): Row | null =>
  row ? inLanguage(row, language) : null;

/**
 * A place's names as the API spells them: `name_ru` always (the specs' field), and `name_en` beside it
 * when English is asked and known — a Russian answer stays exactly as the specs describe it.
 */
export const placeNames = (place: { nameRu: string; nameEn: string | null }, language: ContentLanguage) =>
  language === 'en' && place.nameEn ? { name_ru: place.nameRu, name_en: place.nameEn } : { name_ru: place.nameRu };

/**
 * A letter's subject and body, written in one language. Each feature keeps its letters' texts in its
 * `letters.ts`: a function of the language that answers the Russian texts word for word and the English
 * ones beside them (issue 35).
 */
export interface LetterText {
  subject: string;
  text: string;
}
