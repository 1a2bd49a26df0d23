import { z } from 'zod';
import { linkCode } from '../../lib/schemas';
import { authorizationCode, codeVerifier, redirectUri } from '../identity-providers/schema';

/**
 * What the web app's return page (`/user/auth/{network}`, `/user/add/auth/{network}`) sends: the
 * code, the redirect URI it was issued for, the PKCE verifier the page kept and the `state` the server
 * issued for the flow (`POST /api/user/{network}/state`) — both required and checked here (issue 33).
 */
export const socialBody = z.strictObject({
  code: authorizationCode,
  redirect_uri: redirectUri,
  code_verifier: codeVerifier,
  state: linkCode,
});

/** POST /api/user/{network}/state: a flow about to start — where it returns to and its PKCE challenge (S256). */
export const socialStateBody = z.strictObject({
  redirect_uri: redirectUri,
  code_challenge: z.string().regex(/^[\w-]{43}$/),
});
export type SocialBody = z.infer<typeof socialBody>;

/**
 * Linking (`POST /api/user/add/{network}`) also carries the proof the owner gave before going to the
 * network (`POST /api/user/add/proof`: their password or a code) — a session alone links nothing.
 */
export const socialLinkBody = socialBody.extend({ proof: linkCode });
export type SocialLinkBody = z.infer<typeof socialLinkBody>;
