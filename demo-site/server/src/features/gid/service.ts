import type { TokenEndpointResponse } from 'oauth4webapi';
import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { findLinkedUser, signInWithExternalIdentity } from '../external-identity/service';
import { identityFrom, verifiesContacts } from '../identity-providers/identity';
import { describeOAuthError, type IdentityProvider, ProviderError } from '../identity-providers/provider';
import type { UserResponse } from '../users/service';
import type { CodeGrantBody, LogoutBody, RefreshGrantBody } from './schema';

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'geo' | 'config' | 'providers' | 'email' | 'sms'>;

/**
 * The SDK's token response (spec 3.1) — the provider's tokens, with the site's own session in
 * `additional_data` — and, for the login screen (spec 7: `PUT /api/auth/gid` reads token, user),
 * the same session at the top level.
 */
export interface GidTokenResponse {
  access_token: string;
  id_token?: string | undefined;
  refresh_token?: string | undefined;
  expires_in?: number | undefined;
  scope?: string | undefined;
  token_type: string;
  additional_data: { token?: string; user?: UserResponse };
  token?: string;
  user?: UserResponse;
}

/** The site's registered client: another `client_id` is refused before the provider is asked. */
function gidProvider(deps: Deps, requestedClientId: string): IdentityProvider {
  const provider = deps.providers.gid;
  if (requestedClientId !== provider.clientId) throw new ProviderError(400, 'invalid_client', describeOAuthError('invalid_client'));
  return provider;
}

const tokenFields = (tokens: TokenEndpointResponse) => ({
  access_token: tokens.access_token,
  id_token: tokens.id_token,
  refresh_token: tokens.refresh_token,
  expires_in: tokens.expires_in,
  scope: tokens.scope,
  // oauth4webapi lower-cases the type; RFC 6750 spells it `Bearer`.
  token_type: tokens.token_type === 'bearer' ? 'Bearer' : tokens.token_type,
});

/**
 * The authorization-code grant: the code and its PKCE verifier go to the provider; the ID token must
 * verify (signature, issuer, audience, expiry) and carry the nonce the SDK derived from the verifier.
 * Then the person is signed in to the site — the linked account, the one with the vouched-for phone,
 * or a new one — with `gid` as the session's method.
 */
export async function exchangeGidCode(deps: Deps, body: CodeGrantBody, meta: RequestMeta): Promise<GidTokenResponse> {
  const { tokens, claims } = await gidProvider(deps, body.client_id).exchangeCode({
    code: body.code,
    redirectUri: body.redirect_uri,
    codeVerifier: body.code_verifier,
    idToken: 'required',
  });
  const signedIn = await signInWithExternalIdentity(
    deps,
    identityFrom('gid', tokens, claims, verifiesContacts(deps.config.identity, 'gid')),
    meta,
  );
  return { ...tokenFields(tokens), additional_data: signedIn, ...signedIn };
}

/**
 * The refresh grant: fresh provider tokens. No new site session is opened; `additional_data.user`
 * is the account the provider identity is linked to, when there is one.
 */
export async function refreshGidTokens(deps: Deps, body: RefreshGrantBody): Promise<GidTokenResponse> {
  const { tokens, claims } = await gidProvider(deps, body.client_id).refresh(body.refresh_token);
  const user = claims?.sub ? await findLinkedUser(deps, 'gid', claims.sub) : undefined;
  return { ...tokenFields(tokens), additional_data: user ? { user } : {} };
}

/** The SDK's backend logout: the token is revoked at the provider (RFC 7009). */
export async function revokeGidToken(deps: Deps, body: LogoutBody): Promise<void> {
  await gidProvider(deps, body.client_id).revoke(body.token);
}
