import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { basketActions } from '../features/basket/basket-store';
import { removeToken } from '../lib/auth';
import { i18n } from '../lib/i18n';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  removeToken(); // and this tab's «the server refused the token» (lib/auth), a module's state that outlives the file with isolate: false
  sessionStorage.clear(); // with isolate: false a sign-in's return target (features/auth/return-to) must not reach the next file
  basketActions.reset();
  if (i18n.language !== 'ru') await i18n.changeLanguage('ru');
});
afterAll(() => server.close());
