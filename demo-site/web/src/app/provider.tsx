import { MutationCache, QueryCache, QueryClient, QueryClientProvider, timeoutManager } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { accessOf } from '../features/auth/access-rules';
import { isApiError } from '../lib/api-client';
import { markSessionRejected, removeToken } from '../lib/auth';
import type { Language } from '../lib/content-language';
import { setDateLanguage } from '../lib/dates';
import { errorAction } from '../lib/error-catalogue';
import { i18n } from '../lib/i18n';
import { refetchOnLanguageChange } from '../lib/query-language';
import { sharedTimeouts } from '../lib/query-timers';
import { applyTheme } from '../lib/theme';
import { ErrorPopup } from './error-popup';

declare module '@tanstack/react-query' {
  interface Register {
    /** `globalErrors: false` keeps a call's failures out of the global popup (the screen handles them). */
    queryMeta: { globalErrors?: boolean };
    mutationMeta: { globalErrors?: boolean };
  }
}

// The queries' long timers (gcTime, staleTime) share browser timers (lib/query-timers.ts): set
// before any client exists, as TanStack Query asks.
timeoutManager.setTimeoutProvider(sharedTimeouts());

/** Server state defaults: 4xx answers are final, a lost connection or a 5xx is retried once. */
export function createQueryClient(
  onError: (error: unknown, meta: { globalErrors?: boolean } | undefined) => void,
  retry = true,
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => retry && failures < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
    },
  });
}

/** Where a client's failures go; the provider that shows the error popup plugs itself in. */
export interface AppQueryClient {
  client: QueryClient;
  setErrorHandler: (handler: (error: unknown, meta: { globalErrors?: boolean } | undefined) => void) => void;
}

/**
 * The app's server-state client, made before the first render so the screen of the address the
 * page opened at can have its data in that render (main.tsx, preloadScreen).
 */
export function createAppQueryClient(retry = true): AppQueryClient {
  let handler: (error: unknown, meta: { globalErrors?: boolean } | undefined) => void = () => undefined;
  const client = createQueryClient((error, meta) => handler(error, meta), retry);
  return {
    client,
    setErrorHandler: (next) => {
      handler = next;
    },
  };
}

interface AppProviderProps {
  children: ReactNode;
  /** A client made earlier (main.tsx); by default the provider makes its own. */
  queries?: AppQueryClient;
  /** Goes to a path of the app (the router's navigate); used for 401 and 403. */
  navigate: (path: string) => void;
  /** For tests: no retries, so error states show at once. */
  retry?: boolean;
}

/** Everything the screens share: translations, server state, the error catalogue's popup. */
export function AppProvider({ children, navigate, retry = true, queries }: AppProviderProps) {
  const [message, setMessage] = useState<string | null>(null);
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const [client] = useState(() => {
    const handle = (error: unknown, meta: { globalErrors?: boolean } | undefined) => {
      if (meta?.globalErrors === false) return;
      const action = errorAction(error);
      if (action.kind === 'message') setMessage(action.message);
      else if (action.kind === 'generic') setMessage(i18n.t('errors.generic'));
      else if (action.kind === 'login') {
        if (action.removeToken) removeToken();
        else markSessionRejected();
        // In the cabinet the route's guard takes the guest on (RouteAccess: to /login and back, or
        // back through GID for a person who signed in with it); anywhere else, the login screen.
        if (accessOf(window.location.pathname) !== 'cabinet') navigateRef.current('/login');
      }
    };
    const app = queries ?? createAppQueryClient(retry);
    app.setErrorHandler(handle);
    return app.client;
  });

  useEffect(() => {
    applyTheme();
    const onLanguage = (language: string) => {
      setDateLanguage(language as Language);
      document.documentElement.lang = language;
    };
    onLanguage(i18n.language);
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, []);

  // The catalogue's texts come in the site's language: a change fetches them again.
  useEffect(() => refetchOnLanguageChange(client, i18n), [client]);

  return (
    <QueryClientProvider client={client}>
      {children}
      <ErrorPopup message={message} onClose={() => setMessage(null)} />
    </QueryClientProvider>
  );
}
