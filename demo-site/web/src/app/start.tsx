import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreLanguage } from '../lib/i18n';
import { App } from './app';
import { createAppQueryClient } from './provider';
import { preloadScreen } from './router';

/**
 * Renders the site into `root` (main.tsx imports this module once react-dom has evaluated, so the
 * two evaluate in separate tasks). The stored language, the current screen's chunk and its first
 * data load before the first render, so it shows the screen, filled, in the reader's language at once.
 * A failure of any still shows the site (in Russian; the screen then loads as on any later visit).
 */
export async function start(root: HTMLElement): Promise<void> {
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
