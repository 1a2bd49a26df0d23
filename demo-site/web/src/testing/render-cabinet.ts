import { screen } from '@testing-library/react';
import { renderApp } from './render';

/** The app at a cabinet path, once its screen's chunk has loaded (the frame's heading shows). */
export async function renderCabinet(path: string) {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return rendered;
}
