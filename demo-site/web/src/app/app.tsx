import { BrowserRouter, useNavigate } from 'react-router';
import { AppProvider, type AppQueryClient } from './provider';
import { AppRoutes } from './router';

/** The app inside a router: providers and routes (tests mount it in a memory router). */
export function AppShell({ retry = true, queries }: { retry?: boolean; queries?: AppQueryClient }) {
  const navigate = useNavigate();
  return (
    <AppProvider navigate={(path) => void navigate(path)} retry={retry} queries={queries}>
      <AppRoutes />
    </AppProvider>
  );
}

export function App({ queries }: { queries?: AppQueryClient }) {
  return (
    <BrowserRouter>
      <AppShell queries={queries} />
    </BrowserRouter>
  );
}
