import { GidProvider } from '@gid/sdk-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { gidConfig } from './config';
import './app.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <GidProvider config={gidConfig}>
      <App />
    </GidProvider>
  </StrictMode>,
);
