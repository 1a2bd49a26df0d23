import { createHash } from 'node:crypto';
import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { badRequest } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { consumeCode, findLinkCode, issueLinkCode } from '../codes/service';
import { type ExternalIdentity, linkExternalIdentity, signInWithExternalIdentity } from '../external-identity/service';
import { identityFrom, verifiesContacts } from '../identity-providers/identity';
import type { SignedIn } from '../sessions/service';
import type { UserResponse } from '../users/service';
import type { SocialBody } from './schema';

export const socialNetworks = ['vk', 'google'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'geo' | 'config' | 'providers' | 'email' | 'sms'>;

export const socialMessages = {
  badState: 'Ответ сервиса авторизации не совпал с запросом. Попробуйте войти ещё раз',
  badRedirect: 'Недопустимый адрес возврата',
} as const;

/** How long a started flow's `state` lives: the trip to the network and back. */
export const socialStateTtlMs = 10 * 60_000;

/** The flow a redirect URI belongs to: sign-in (`/user/auth/{network}`) or linking (`/user/add/auth/{network}`). */
function flowTarget(network: SocialNetwork, redirectUri: string): string {
  const path = new URL(redirectUri).pathname;
  if (path !== `/user/auth/${network}` && path !== `/user/add/auth/${network}`) throw badRequest(socialMessages.badRedirect);
  return `${network} ${redirectUri}`;
}

/**
 * POST /api/user/{network}/state: the server's `state` for a flow the web app starts, kept with the
 * flow's return address and PKCE challenge (single-use, 10 minutes). The return call must bring it
 * back with the verifier of that challenge: a code from a flow this site did not start for this
 * browser's verifier — an attacker's own, planted in a victim's browser — signs no one in.
 */
export async function startSocialFlow(deps: Deps, network: SocialNetwork, body: { redirect_uri: string; code_challenge: string }) {
  const state = await issueLinkCode(deps, {
    purpose: 'social_state',
    target: flowTarget(network, body.redirect_uri),
    userId: null,
    payload: { challenge: body.code_challenge },
    ttlMs: socialStateTtlMs,
  });
  return { state };
}

/** The return's `state` and verifier against the flow the server started; the state is used up. */
async function spendSocialState(deps: Deps, network: SocialNetwork, body: SocialBody): Promise<void> {
  const row = await findLinkCode(deps, 'social_state', body.state);
  const challenge = createHash('sha256').update(body.code_verifier).digest('base64url');
  if (!row || row.target !== flowTarget(network, body.redirect_uri) || row.payload?.challenge !== challenge) {
    throw badRequest(socialMessages.badState);
  }
  if (!(await consumeCode(deps, row.id))) throw badRequest(socialMessages.badState);
}

/** The network's code exchanged (oauth4webapi) after the flow's checks: who signed in, from the ID token or VK's token fields. */
async function socialIdentity(deps: Deps, network: SocialNetwork, body: SocialBody): Promise<ExternalIdentity> {
  await spendSocialState(deps, network, body);
  const { tokens, claims } = await deps.providers[network].exchangeCode({
    code: body.code,
    redirectUri: body.redirect_uri,
    codeVerifier: body.code_verifier,
    idToken: 'if-present',
  });
  return identityFrom(network, tokens, claims, verifiesContacts(deps.config.identity, network));
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
  language: ContentLanguage = 'ru',
): Promise<{ user: UserResponse }> {
  return linkExternalIdentity(deps, userId, await socialIdentity(deps, network, body), provenBy, language);
}
