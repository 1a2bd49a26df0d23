import { applyTheme } from './lib/theme';
import './styles/global.css';

applyTheme();

const root = document.getElementById('root');
if (root) {
  // React (its own chunk, evaluated with this one) and the rest of the shell evaluate in two tasks,
  // not one: the browser gets its main thread back between them (a phone's slow CPU makes one such
  // task 200 ms). The page's HTML asks for the shell's chunk at once (build/route-boot.ts), so the
  // import below waits for no download.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { start } = await import('./app/start');
  await start(root);
}
