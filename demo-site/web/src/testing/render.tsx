import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppShell } from '../app/app';
import { AppProvider } from '../app/provider';

/** Shows the router's current path, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

/** The whole app (shell and routes) at `path`, with no retries so error states show at once. */
export function renderApp(path: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
      <AppShell retry={false} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** One component with the app's providers and a router. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider navigate={() => undefined} retry={false}>
        {ui}
      </AppProvider>
      <LocationProbe />
    </MemoryRouter>,
  );
}
