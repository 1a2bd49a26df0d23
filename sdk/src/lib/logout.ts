import { LOGOUT_RULES } from './config';
import { type Context, contextFor, endpoint, PREFIX, signOut } from './context';
import { GidError, MSG_BAD_TOKEN, MSG_LOGOUT } from './errors';
import { postToBackend } from './token';
import type { LogoutConfig, LogoutOptions } from './types';

export const DEFAULT_LOGOUT_PATH = '/api/v0.3/backend/oauth/logout';

/** Backend logout (`client_id` and `token`), then the provider's logout page (not with `local`). */
export async function endSession(ctx: Context, token: string, options: LogoutOptions = {}): Promise<void> {
  const { cfg, win } = ctx;
  if (typeof token !== 'string' || !token) {
    throw new GidError('CONFIG_ERROR', MSG_BAD_TOKEN, { field: 'token' });
  }
  // No backend: logged, and on to the provider's logout page.
  try {
    const response = await postToBackend(ctx, cfg.logoutPath ?? DEFAULT_LOGOUT_PATH, { client_id: cfg.clientId, token });
    if (response && !response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (cause) {
    console.error(PREFIX, MSG_LOGOUT, cause);
    throw new GidError('LOGOUT_ERROR', MSG_LOGOUT, { cause });
  }
  ctx.trackEvent('logout');
  // Signed out of this site only: the provider's session stays.
  if (options.local) return;
  const url = endpoint(ctx, cfg.authUrl, '/oauth2/sessions/logout');
  url.searchParams.set('client_id', cfg.clientId);
  const back = options.returnTo ?? cfg.postLogoutUri;
  if (back) url.searchParams.set('post_logout_redirect_uri', back);
  if (options.idToken) url.searchParams.set('id_token_hint', options.idToken);
  const { openUrl } = options;
  if (openUrl) await openUrl(url.href);
  else if (openUrl !== false) win.location.assign(url.href);
}

/**
 * Signs out: `POST {backendUrl}{logoutPath}` with `client_id` and `token`, then the provider's
 * logout page (`{authUrl}/oauth2/sessions/logout`, back to `postLogoutUri`). A failed backend call
 * rejects with `LOGOUT_ERROR` (`Ошибка вызова logout`) and stays on the page. With `local: true`
 * only the backend call: the person stays signed in at the provider (and on its other sites).
 * @example
 * import { logout } from '@gid/sdk';
 * logoutButton.onclick = () => logout(config, tokens.access_token, { idToken: tokens.id_token });
 * leaveButton.onclick = () => logout(config, tokens.access_token, { local: true });
 * @see accounts-sso.md 7.1
 */
export const logout = async (config: LogoutConfig, token: string, options?: LogoutOptions): Promise<void> => {
  const ctx = contextFor(config, LOGOUT_RULES);
  // The function forms' client of this config (`getAccessToken`, …) forgets its tokens first, as a
  // client's `logout` does, and whatever sign-in or refresh is under way with this config ends.
  ctx.fnClient?.setTokens(undefined);
  signOut(ctx);
  return endSession(ctx, token, options);
};
