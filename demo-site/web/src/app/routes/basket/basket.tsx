import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { PageTitle } from '../../../components/ui/page';
import { useTranslation } from '../../../lib/i18n';
import './basket.css';
import '../../../locales/basket';

// The basket screen in two chunks. This one is what its first paint needs — the heading, the space
// the lines will take — and the lines, the summary, the popups and the code of the data they show
// first are basket-body.tsx, a chunk of its own with its ~20 small imports. On a visit that opens at
// /basket the page's boot script (build/route-boot.ts) and main.tsx load this route chunk and its
// static imports before the first render: with the body among them, every one was a request and a
// module evaluation the heading waited for. The body is asked for after the heading's frame, with
// the lines' first data (useShellFirst); on a visit from another screen the route waits for it
// (`whenReady`, see router.tsx), so the whole screen shows at once as before.

type BodyModule = typeof import('./basket-body');
let bodyModule: Promise<BodyModule> | undefined;
/** Set once the body's chunk has loaded: rendering it then does not suspend. */
let LoadedBody: ComponentType | undefined;
/** The body's chunk, asked for once. */
const loadBody = (): Promise<BodyModule> => {
  bodyModule ??= import('./basket-body').then((module) => {
    LoadedBody = module.BasketBody;
    return module;
  });
  return bodyModule;
};
/** `value` again, from a new task: what follows runs after the browser has had its main thread back. */
const nextTask = <T,>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), 0));
const LazyBody = lazy(() => loadBody().then((module) => ({ default: module.BasketBody })));

/** How long the lines wait for their first data after the heading has painted; past it, they show with what has come. */
const PREFETCH_WAIT_MS = 300;

/** The address this page was loaded at (its navigation entry): the basket paints its heading first only then. */
const openedAtBasket = (): boolean => {
  try {
    const entry = globalThis.performance?.getEntriesByType?.('navigation')[0];
    return entry !== undefined && new URL(entry.name).pathname.replace(/(.)\/$/, '$1') === '/basket';
  } catch {
    return false;
  }
};

/** Whether the basket has shown its lines in this page's life (later visits render them at once, as any screen). */
let linesShown = false;

/** For tests: the page's life starts again (the next basket opened at /basket paints its heading first). */
export const forgetLinesShown = () => {
  linesShown = false;
};

/**
 * The heading first, the lines after their data, on the visit that opens the page here: false until
 * the data has come (or PREFETCH_WAIT_MS has passed since the last request was sent: on a busy phone
 * sending them takes a while itself). The requests are sent only after the heading's
 * frame, so that nothing delays its paint. Later visits (in-app navigation) are true at once.
 */
export function useShellFirst(load: (onSent: () => void) => Promise<unknown>, opened: () => boolean = openedAtBasket): boolean {
  const [ready, setReady] = useState(() => linesShown || !opened());
  useEffect(() => {
    if (ready) {
      linesShown = true;
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait: ReturnType<typeof setTimeout> | undefined;
    // As a transition, as the page's first render (main.tsx): React renders the lines in small slices.
    const done = () => {
      if (live) startTransition(() => setReady(true));
    };
    // After the frame that paints the heading: a task queued from its animation frame runs once it has painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const sent = () => {
          if (live) wait = setTimeout(done, PREFETCH_WAIT_MS);
        };
        load(sent)
          .catch(() => undefined)
          .then(done);
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(wait);
    };
  }, [ready, load]);
  return ready;
}

/**
 * What the route waits for before it renders (router.tsx): the body's chunk when the screen renders
 * it at once — a visit from another screen, or a later one — and nothing on the visit that opens the
 * page here, whose heading paints first and whose body comes with the lines' data (useShellFirst).
 */
export const whenReady = (opened: () => boolean = openedAtBasket): Promise<unknown> =>
  linesShown || !opened() ? loadBody() : Promise.resolve();

/** ticketing-shop §2 basket page: the heading, then the lines by group, the side summary, delivery, e-mail, the pay button, the popups (basket-body.tsx). */
export default function BasketScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  // The body's code first (after the heading's frame), then the lines' first data it asks for, from
  // a task of its own (the chunk's evaluation and the first request together were one long task).
  const load = useCallback(
    (onSent: () => void) =>
      loadBody()
        .then(nextTask)
        .then((module) => module.prefetchBasket(client, onSent)),
    [client],
  );
  const ready = useShellFirst(load);
  // The space the lines take, while their data loads: the footer stays below the screen rather than moving down.
  const pending = <div className="basket-page__pending" aria-busy="true" />;
  const Body = LoadedBody;
  return (
    <div className="container page basket-page">
      <PageTitle lead={t('basket.subtitle')}>{t('basket.title')}</PageTitle>
      {!ready ? (
        pending
      ) : Body ? (
        <Body />
      ) : (
        <Suspense fallback={pending}>
          <LazyBody />
        </Suspense>
      )}
    </div>
  );
}
