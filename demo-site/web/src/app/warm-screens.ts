/**
 * Screens loaded ahead of a visit, by their route's path. The router registers every route's loader
 * here (router.tsx); a part of the shell that knows where the visitor is likely to go next — the header,
 * once the basket holds goods — asks for that screen's code while the page is idle, so that following
 * the link waits for no chunk. (The shell cannot import the router, which imports the shell.)
 */
const loaders = new Map<string, () => Promise<unknown>>();

export function registerScreen(path: string, load: () => Promise<unknown>): void {
  loaders.set(path, load);
}

/** Loads the screen of the route `path` (its chunk, and what it waits for), once; a failure is left to the visit itself. */
export function warmScreen(path: string): void {
  void loaders
    .get(path)?.()
    .catch(() => undefined);
}
