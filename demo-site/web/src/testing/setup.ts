import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { basketActions } from '../features/basket/basket-store';
import { i18n } from '../lib/i18n';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  basketActions.reset();
  if (i18n.language !== 'ru') await i18n.changeLanguage('ru');
});
afterAll(() => server.close());
