import { z } from 'zod';
import { linkCode } from '../../lib/schemas';
import { authorizationCode, codeVerifier, redirectUri, state } from '../identity-providers/schema';

/**
 * What the web app's return page (`/user/auth/{network}`, `/user/add/auth/{network}`) sends: the
 * code, the redirect URI it was issued for and the PKCE verifier the page kept. `state` is accepted
 * (the page may pass the whole callback on) and not used: the page has checked it.
 */
export const socialBody = z.strictObject({
  code: authorizationCode,
  redirect_uri: redirectUri,
  code_verifier: codeVerifier.optional(),
  state: state.optional(),
});

export type SocialBody = z.infer<typeof socialBody>;

/**
 * Linking (`POST /api/user/add/{network}`) also carries the proof the owner gave before going to the
 * network (`POST /api/user/add/proof`: their password or a code) — a session alone links nothing.
 */
export const socialLinkBody = socialBody.extend({ proof: linkCode });
export type SocialLinkBody = z.infer<typeof socialLinkBody>;
