import type { ProviderEntry } from './api/providers';
import { startSocialFlow } from './api/sign-in-calls';

/** The two social networks of accounts-sso §4.3 (the local idp stands in for both). */
export const socialNetworks = ['vk', 'google'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
export const isSocialNetwork = (value: unknown): value is SocialNetwork => value === 'vk' || value === 'google';

/** Sign-in (`/user/auth/{network}`) or linking to the signed-in profile (`/user/add/auth/{network}`). */
export type SocialPurpose = 'signin' | 'link';

/** What the return page needs to check and finish the flow; kept in session storage (this tab only). */
export interface SocialFlow {
  state: string;
  verifier: string;
  redirectUri: string;
  purpose: SocialPurpose;
}

const flowKey = (network: SocialNetwork) => `gid-demo:social:${network}`;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomString = (bytes: number) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export const socialRedirectUri = (origin: string, network: SocialNetwork, purpose: SocialPurpose) =>
  `${origin}${purpose === 'link' ? '/user/add/auth' : '/user/auth'}/${network}`;

/**
 * The provider's authorize URL of accounts-sso §7 (client id, redirect_uri, response_type=code,
 * scope=email, VK's API version 5.60) with PKCE S256 and the state the server issued for its
 * challenge; the flow is stored for the return page.
 */
export async function buildSocialRedirect(
  provider: ProviderEntry,
  network: SocialNetwork,
  purpose: SocialPurpose,
  origin: string,
  storage: Storage = sessionStorage,
): Promise<string> {
  const verifier = randomString(64);
  const redirectUri = socialRedirectUri(origin, network, purpose);
  const challenge = await codeChallenge(verifier);
  // The state is the server's (issue 33): it keeps it with the challenge and checks both on the return.
  const { state } = await startSocialFlow(network, { redirect_uri: redirectUri, code_challenge: challenge });
  const flow: SocialFlow = { state, verifier, redirectUri, purpose };
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', flow.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'email');
  url.searchParams.set('state', flow.state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('v', '5.60');
  storage.setItem(flowKey(network), JSON.stringify(flow));
  return url.href;
}

export type SocialReturn =
  | { ok: true; code: string; flow: SocialFlow }
  | { ok: false; reason: 'error' | 'state'; description?: string | undefined };

/**
 * The return page's check: the stored flow is taken (once: a reload or a replayed link cannot use
 * it again), the returned `state` must equal it and the return address must be the one it was
 * started for; the provider's own `error` is passed on.
 */
export function takeSocialReturn(
  network: SocialNetwork,
  purpose: SocialPurpose,
  search: string,
  storage: Storage = sessionStorage,
): SocialReturn {
  const params = new URLSearchParams(search);
  let flow: SocialFlow | null = null;
  try {
    flow = JSON.parse(storage.getItem(flowKey(network)) ?? 'null') as SocialFlow | null;
  } catch {
    flow = null;
  }
  storage.removeItem(flowKey(network));
  const error = params.get('error');
  if (error) return { ok: false, reason: 'error', description: params.get('error_description') ?? undefined };
  const code = params.get('code');
  const state = params.get('state');
  if (!flow || !code || !state || state !== flow.state || flow.purpose !== purpose) return { ok: false, reason: 'state' };
  return { ok: true, code, flow };
}
