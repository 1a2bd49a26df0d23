import { useSyncExternalStore } from 'react';
import { type Messages, ru } from '../locales/ru';
import { contentLanguage, type Language } from './content-language';
import { setDateLanguage } from './dates';
import { setMoneyLanguage } from './money';
import { storageKeys, writeString } from './storage';

/**
 * The site's texts in its two languages: a key is a dotted path into `Messages` (locales/ru.ts), a
 * `{{name}}` in a text takes the option of that name, and a `count` picks the plural form of the key
 * (`_one`, `_few`, `_many`, `_other`: Intl.PluralRules of the language), as i18next writes them — the
 * part of i18next this site used. This file is 1.5 KB minified where i18next and react-i18next
 * were 55 KB of the shell (16 KB compressed) that every page loaded and evaluated before its first paint.
 */

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type Singular<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;
/** The dotted paths to the texts (strings, and lists such as a page's sections), plurals by their base key. */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string | readonly unknown[] ? Singular<K> : T[K] extends object ? `${K}.${Paths<T[K]>}` : never;
}[keyof T & string];
export type MessageKey = Paths<Messages>;

export interface TOptions {
  /** Picks the plural form, and is `{{count}}` in the text. */
  count?: number;
  /** The list or object at the key rather than a string (a page's sections). */
  returnObjects?: boolean;
  [name: string]: unknown;
}
export type TFunction = (key: MessageKey, options?: TOptions) => string;

/** accounts-sso §3: the language is stored under `lang`, Russian by default. */
export function storedLanguage(): Language {
  return contentLanguage();
}

/** Russian ships with the app (the features add theirs as they load); English is loaded the first time it is needed. */
const bundles: { ru: Record<string, unknown>; en?: Record<string, unknown> } = { ru: { ...ru } };
let current: Language = 'ru';
const listeners = new Set<(language: Language) => void>();
const pluralRules = new Map<Language, Intl.PluralRules>();

function lookup(bundle: Record<string, unknown> | undefined, key: string): unknown {
  let value: unknown = bundle;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function find(language: Language, key: string, count: unknown): unknown {
  const bundle = bundles[language];
  if (typeof count === 'number') {
    let rules = pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      pluralRules.set(language, rules);
    }
    const plural = lookup(bundle, `${key}_${rules.select(count)}`) ?? lookup(bundle, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(bundle, key);
}

/** The text at `key` in `language` (Russian where English lacks it; the key itself where both do). */
function translate(language: Language, key: string, options?: TOptions): string {
  let value = find(language, key, options?.count);
  if (value === undefined && language !== 'ru') value = find('ru', key, options?.count);
  if (typeof value === 'string') {
    if (!options || !value.includes('{{')) return value;
    return value.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
      const option = lookup(options, name);
      return option === undefined || option === null ? '' : String(option);
    });
  }
  return value !== undefined && options?.returnObjects ? (value as string) : key;
}

/** `t` for each language, made once: a screen's `t` changes with the language and only then. */
const fixed = new Map<Language, TFunction>();
function fixedT(language: Language): TFunction {
  let t = fixed.get(language);
  if (!t) {
    t = (key, options) => translate(language, key, options);
    fixed.set(language, t);
  }
  return t;
}

export const i18n = {
  get language(): Language {
    return current;
  },
  t: ((key, options) => translate(current, key, options)) as TFunction,
  on(_event: 'languageChanged', listener: (language: Language) => void): void {
    listeners.add(listener);
  },
  off(_event: 'languageChanged', listener: (language: Language) => void): void {
    listeners.delete(listener);
  },
  /** Switches the texts (load them first: loadLanguage); every listener, screens among them, hears of it. */
  async changeLanguage(language: Language): Promise<void> {
    if (language === current) return;
    current = language;
    for (const listener of [...listeners]) listener(language);
  },
};
export type I18n = typeof i18n;

// Dates and money follow the language from its first change on, before any screen renders with it
// (main.tsx restores the stored language before the first render).
i18n.on('languageChanged', (language) => {
  setDateLanguage(language);
  setMoneyLanguage(language);
});

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => current;

/** A component's texts: `t` in the site's language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  return { t: fixedT(useSyncExternalStore(subscribe, currentLanguage, currentLanguage)), i18n };
}

async function loadLanguage(language: Language): Promise<void> {
  if (language === 'ru' || bundles.en) return;
  const { en } = await import('../locales/en');
  bundles.en = en;
}

export async function setLanguage(language: Language): Promise<void> {
  writeString(storageKeys.language, language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** Switches to the stored language (before the first render, so English readers never see Russian). */
export async function restoreLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === i18n.language) return;
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** A city or region as the API sends it: `name_ru` always, `name_en` in English answers. */
export interface PlaceNames {
  name_ru: string;
  name_en?: string | null | undefined;
}

/**
 * A place's name in the site's language: the English one in English when the server gave it. Here,
 * beside the language, rather than in a module of its own: the screens that show places load with
 * the shell, which holds this file, and need no extra file for it.
 */
export const placeName = (place: PlaceNames): string => (i18n.language === 'en' && place.name_en) || place.name_ru;

/**
 * Adds a feature's Russian texts (`locales/{auth,basket,cabinet,waitlist,content}.ts` call this when a module that
 * shows them loads): they stay out of the shell and out of what `/` loads.
 */
export function addFeatureMessages<K extends 'auth' | 'basket' | 'cabinet' | 'waitlist' | 'content'>(key: K, messages: Messages[K]): void {
  bundles.ru[key] = messages;
}
