import { readString, storageKeys } from './storage';

/** The site's two languages; the one home of the name (`i18n` and `dates` both read it from here). */
export const languages = ['ru', 'en'] as const;
export type Language = (typeof languages)[number];

/**
 * The language the server's catalogue is asked in (events, cities, news, products… carry English
 * texts beside the Russian ones): the reader's stored `lang` (accounts-sso §3), Russian by default.
 * Every API call sends it as `Accept-Language` — explicitly, as the browser's own header names the
 * browser's language, not the site's. The page's boot script (build/route-boot.ts) reads the same key.
 */
export function contentLanguage(): Language {
  return readString(storageKeys.language) === 'en' ? 'en' : 'ru';
}
