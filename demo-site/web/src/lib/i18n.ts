import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Messages, ru } from '../locales/ru';
import { contentLanguage, type Language } from './content-language';
import { setDateLanguage } from './dates';
import { setMoneyLanguage } from './money';
import { storageKeys, writeString } from './storage';

/** accounts-sso §3: the language is stored under `lang`, Russian by default. */
export function storedLanguage(): Language {
  return contentLanguage();
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru } },
  lng: 'ru',
  fallbackLng: 'ru',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

// Dates and money follow the language from its first change on, before any screen renders with it
// (main.tsx restores the stored language before the first render).
i18n.on('languageChanged', (language) => {
  const value: Language = language === 'en' ? 'en' : 'ru';
  setDateLanguage(value);
  setMoneyLanguage(value);
});

/** Russian ships with the app; English is loaded the first time it is needed. */
async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { en } = await import('../locales/en');
  i18n.addResourceBundle('en', 'translation', en);
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
 * Adds a feature's Russian texts (`locales/{auth,basket,cabinet}.ts` call this when a module that
 * shows them loads): they stay out of the shell and out of what `/` loads.
 */
export function addFeatureMessages<K extends 'auth' | 'basket' | 'cabinet' | 'waitlist'>(key: K, messages: Messages[K]): void {
  i18n.addResourceBundle('ru', 'translation', { [key]: messages }, true, true);
}
