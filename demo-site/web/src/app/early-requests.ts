/**
 * The GET calls a screen makes as soon as it shows, by the exact path the page opens at. The
 * page's boot script (build/route-boot.ts) sends them while the app's own code is still
 * downloading, and the HTTP layer takes their answers (lib/early-responses.ts) instead of asking
 * again. A list that drifts from what the screen asks only loses the head start; a test keeps them
 * in step (app/early-requests.test.tsx).
 */
export const earlyRequests: Record<string, readonly string[]> = {
  '/': ['/api/event/list', '/api/event_type/list', '/api/news/preview?limit=3'],
  '/calendar': ['/api/event/cities', '/api/event_type/list'],
  // The similar events under every basket, empty or not (the other calls depend on its lines). Sent
  // early, its fetch and answer leave the basket's first effects, the longest task after its paint.
  '/basket': ['/api/event/list'],
  // The sign-in networks and GID's settings: with them at hand when the screen first renders, the GID
  // button's chunk is asked for at once instead of after a round trip of its own.
  '/login': ['/api/auth/providers'],
  '/registration': ['/api/auth/providers'],
  // Not /me: with its tickets at hand its first render is the whole list, and Lighthouse (4× CPU) read
  // 80 against 85 without (5 runs each, interleaved): that render's commit is one task.
};
