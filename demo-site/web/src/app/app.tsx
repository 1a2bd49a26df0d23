import { BrowserRouter, useNavigate } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The app inside a router: providers and routes (tests mount it in a memory router). */
export function AppShell({ retry = true }: { retry?: boolean }) {
  const navigate = useNavigate();
  return (
    <AppProvider navigate={(path) => void navigate(path)} retry={retry}>
      <AppRoutes />
    </AppProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
