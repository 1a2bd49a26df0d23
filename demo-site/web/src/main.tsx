import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/provider';
import { preloadScreen } from './app/router';
import { restoreLanguage } from './lib/i18n';
import { applyTheme } from './lib/theme';
import './styles/global.css';

applyTheme();

const root = document.getElementById('root');
if (root) {
  // The stored language, the current screen's chunk and its first data before the first render,
  // so it shows the screen, filled, in the reader's language at once. A failure of any still shows
  // the site (in Russian; the screen then loads as on any later visit).
  const queries = createAppQueryClient();
  await Promise.all([restoreLanguage().catch(() => undefined), preloadScreen(location.pathname, queries.client).catch(() => undefined)]);
  // As a transition, React renders the page in small slices, giving the browser its main thread
  // back every few milliseconds rather than blocking a phone for the whole first render.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queries={queries} />
      </StrictMode>,
    );
  });
}
