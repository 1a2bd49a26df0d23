import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreLanguage } from './lib/i18n';
import { applyTheme } from './lib/theme';
import './styles/global.css';

applyTheme();

const root = document.getElementById('root');
if (root) {
  // A failed language load still shows the site, in Russian.
  await restoreLanguage().catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
