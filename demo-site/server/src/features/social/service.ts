import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { type ExternalIdentity, linkExternalIdentity, signInWithExternalIdentity } from '../external-identity/service';
import { identityFrom } from '../identity-providers/identity';
import type { SignedIn } from '../sessions/service';
import type { UserResponse } from '../users/service';
import type { SocialBody } from './schema';

export const socialNetworks = ['vk', 'google'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'geo' | 'config' | 'providers' | 'email' | 'sms'>;

/** The network's code exchanged (oauth4webapi): who signed in, from the ID token or VK's token fields. */
async function socialIdentity(deps: Deps, network: SocialNetwork, body: SocialBody): Promise<ExternalIdentity> {
  const { tokens, claims } = await deps.providers[network].exchangeCode({
    code: body.code,
    redirectUri: body.redirect_uri,
    codeVerifier: body.code_verifier,
    idToken: 'if-present',
  });
  return identityFrom(network, tokens, claims);
}

/** POST /api/user/{network}: sign in (or up) with the network's account. */
export async function signInWithSocial(deps: Deps, network: SocialNetwork, body: SocialBody, meta: RequestMeta): Promise<SignedIn> {
  return signInWithExternalIdentity(deps, await socialIdentity(deps, network, body), meta);
}

/** POST /api/user/add/{network}: link the network's account to the signed-in user. */
export async function linkSocial(
  deps: Deps,
  userId: number,
  network: SocialNetwork,
  body: SocialBody,
  provenBy: 'password' | 'code',
): Promise<{ user: UserResponse }> {
  return linkExternalIdentity(deps, userId, await socialIdentity(deps, network, body), provenBy);
}
