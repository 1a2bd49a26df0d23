import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ru } from '../locales/ru';
import { readString, storageKeys, writeString } from './storage';

export const languages = ['ru', 'en'] as const;
export type Language = (typeof languages)[number];

/** accounts-sso §3: the language is stored under `lang`, Russian by default. */
export function storedLanguage(): Language {
  const value = readString(storageKeys.language);
  return value === 'en' ? 'en' : 'ru';
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
