import type { GidProviderConfig } from '@gid/sdk-react';

/**
 * The SDK's settings. The provider's address comes from the environment at build time; the
 * token and logout calls go to this app's own origin, whose server passes them on to the
 * reference backend (the script-tag example's), so credentials stay same-origin.
 */
export const gidConfig: GidProviderConfig = {
  clientId: import.meta.env.VITE_GID_CLIENT_ID || 'example-react',
  authUrl: import.meta.env.VITE_GID_AUTH_URL || 'http://127.0.0.1:4000',
  // The provider comes back here; GidProvider's init() processes the callback on this path.
  redirectUri: `${location.origin}/callback`,
  backendUrl: location.origin,
  postLogoutUri: `${location.origin}/`,
  scope: ['openid', 'profile', 'phone'],
};
