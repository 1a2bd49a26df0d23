import type { IdentityProviderConfig, ServerConfig } from '../../config';

/** Where the web app sends a person to sign in: the provider's authorize endpoint and this site's client id. */
export interface ProviderEntry {
  clientId: string;
  /** The issuer (for GID: the SDK's `authUrl`). */
  authUrl: string;
  /** The authorization endpoint the browser is sent to. */
  authorizeUrl: string;
}

export interface SignInProviders {
  gid: ProviderEntry;
  vk: ProviderEntry;
  google: ProviderEntry;
}

/**
 * The local idp and GID serve authorization at `{issuer}/oauth2/auth` (accounts-sso §7.1); a provider
 * configured by its endpoints (VK's oauth.vk.com) names its own authorize URL.
 */
const entry = (provider: IdentityProviderConfig): ProviderEntry => {
  const authUrl = provider.issuer.replace(/\/$/, '');
  return { clientId: provider.clientId, authUrl, authorizeUrl: provider.endpoints?.authorization ?? `${authUrl}/oauth2/auth` };
};

/**
 * What the sign-in screens need to start a flow. Only public values: client ids and addresses the
 * browser visits anyway — never a client secret.
 */
export const signInProviders = (config: Pick<ServerConfig, 'identity'>): SignInProviders => ({
  gid: entry(config.identity.gid),
  vk: entry(config.identity.vk),
  google: entry(config.identity.google),
});
