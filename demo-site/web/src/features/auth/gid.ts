import type { GidProviderConfig } from '@gid/sdk-react';
import * as z from 'zod/mini';
import type { ProviderEntry } from './api/providers';
import { type SignedIn, signedInSchema } from './api/schemas';

/** The SDK's token call on this site (accounts-sso §3.1: the login screen configures /api/auth/gid). */
export const GID_CODE_PATH = '/api/auth/gid';

/**
 * The SDK settings of the login screen and of the callback pages: popup sign-in that falls back to
 * redirect when the popup is blocked, the callback on /auth/gid, the token call to this site. These
 * are sign-in pages that show their own «Войти с Газпром ID» button (or a result): the floating widget
 * the idp turns on for the site (`w_auth`) floats over none of them (on a 360 px phone it covered the
 * header and the login form).
 */
export const gidConfig = (provider: ProviderEntry, origin: string): GidProviderConfig => ({
  clientId: provider.clientId,
  authUrl: provider.authUrl,
  redirectUri: `${origin}/auth/gid`,
  backendUrl: origin,
  oauth2CodePath: GID_CODE_PATH,
  postLogoutUri: `${origin}/exit`,
  scope: ['openid', 'phone'],
  webCurtainLoginType: 'popup',
  popupFallbackToRedirect: true,
  widget: false,
});

const additional = z.object({ additional_data: signedInSchema });

/** The site's session in the token response (`additional_data: { token, user }`), or null. */
export function siteSessionOf(tokens: unknown): SignedIn | null {
  const parsed = additional.safeParse(tokens);
  return parsed.success ? parsed.data.additional_data : null;
}
