import { GidProvider } from '@gid/sdk-react';
import { useLocation } from 'react-router';
import { useProviders } from '../api/providers';
import { gidConfig } from '../gid';
import { useFinishSignIn } from '../use-finish-sign-in';
import { useSiteSessionFromGid } from './gid-sign-in';

function FloatingSignIn() {
  const finish = useFinishSignIn();
  const { pathname, search } = useLocation();
  // A sign-in from the widget stays on the page it was made on.
  useSiteSessionFromGid((signedIn) => finish(signedIn, pathname + search));
  return null;
}

/**
 * The provider's floating widget (or its web curtain, whichever the provider's remote config turns on
 * for the site), through @gid/sdk-react like any integrator: its «Войти с Газпром ID» signs in by popup
 * and the site's session comes back as on the login screen. Bottom-right, clear of the header; closed,
 * it stays closed for the tab's session (the SDK remembers). Loaded by `FloatingGid` only.
 */
export default function GidFloating() {
  const providers = useProviders();
  if (!providers.data) return null;
  return (
    <GidProvider config={{ ...gidConfig(providers.data.gid, window.location.origin), widget: 'bottom' }}>
      <FloatingSignIn />
    </GidProvider>
  );
}
