import { useSyncExternalStore } from 'react';
import { readString, storageKeys, subscribe, writeString } from './storage';

export type Theme = 'light' | 'dark';

export function getTheme(): Theme {
  return readString(storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

/** accounts-sso §4.1: light adds the white style to the page, dark removes it. */
export function applyTheme(theme: Theme = getTheme()): void {
  const root = document.documentElement;
  root.classList.toggle('white', theme === 'light');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  writeString(storageKeys.theme, theme);
  applyTheme(theme);
}

const subscribeTheme = (listener: () => void) => subscribe(storageKeys.theme, listener);

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, getTheme, () => 'light');
}
