import { GidProvider, RequireAuth, useGid } from '@gid/sdk-react';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../../components/ui/states';
import { signedInWithGid } from '../../../lib/auth';
import { useProviders } from '../api/providers';
import { gidConfig } from '../gid';
import { rememberReturnTo } from '../return-to';

/** The way to the login screen, as the cabinet's guard sends everyone else: and back after sign-in. */
const toLogin = (from: string) => <Navigate to="/login" replace state={{ from }} />;

/** The GID sign-in could not start (the provider refused, the page could not leave): the login screen's choice. */
function OrLogin({ from }: { from: string }) {
  const { status } = useGid();
  return status === 'error' ? toLogin(from) : null;
}

/**
 * The cabinet's guard for a person whose last sign-in here was with Газпром ID and whose session
 * has since been lost (expired, ended elsewhere; a sign-out here forgets it): `<RequireAuth>` of
 * @gid/sdk-react sends them straight back to GID (a redirect; with the provider's session still
 * alive, no page of its own), and the sign-in ends as every GID sign-in of the site does — the code
 * exchanged at /api/auth/gid for the site's session on /auth/gid — then back to `from`, the cabinet
 * page they asked for. Once: turned down or failed, the next visit goes to the login screen.
 * Everyone else (e-mail, SMS, social sign-in: the site's own sessions) keeps the login screen.
 */
export default function GidCabinetGuard({ from }: { from: string }) {
  const providers = useProviders();
  useEffect(() => {
    // Used once: a person who turns GID down and comes back gets the login screen.
    signedInWithGid(true);
    // The site's own way back (the SDK's is offered too; the site's wins, see gid-callback.tsx).
    rememberReturnTo(from);
  }, [from]);
  if (providers.isError) return toLogin(from);
  if (!providers.data) return <Loading />;
  return (
    <GidProvider config={gidConfig(providers.data.gid, window.location.origin)}>
      <RequireAuth fallback={<Loading />} loginOptions={{ mode: 'redirect', returnTo: from }} />
      <OrLogin from={from} />
    </GidProvider>
  );
}
