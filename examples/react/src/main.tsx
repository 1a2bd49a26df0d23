import { GidProvider } from '@gid/sdk-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { gidConfig } from './config';
import './app.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    {/* storage="session": the sign-in survives a reload of this tab (a script injected into the page could read it: opt in knowingly). */}
    <GidProvider config={gidConfig} storage="session">
      <App />
    </GidProvider>
  </StrictMode>,
);
