import { z } from 'zod';
import { authorizationCode, clientId, codeVerifier, providerToken, redirectUri, state } from '../identity-providers/schema';

/** The SDK's authorization-code body (spec 7.1). */
export const codeGrantBody = z.strictObject({
  grant_type: z.literal('authorization_code'),
  client_id: clientId,
  redirect_uri: redirectUri,
  code_verifier: codeVerifier,
  code: authorizationCode,
  state,
});

/** The SDK's refresh body (spec 7.1). */
export const refreshGrantBody = z.strictObject({
  grant_type: z.literal('refresh_token'),
  client_id: clientId,
  refresh_token: providerToken,
});

export const tokenBody = z.discriminatedUnion('grant_type', [codeGrantBody, refreshGrantBody]);

/** The SDK's logout body: the token to revoke at the provider. */
export const logoutBody = z.strictObject({ client_id: clientId, token: providerToken });
export const revokeBody = z.strictObject({
  client_id: clientId,
  token: providerToken,
  token_type_hint: z.enum(['refresh_token', 'access_token']).optional(),
});

export type CodeGrantBody = z.infer<typeof codeGrantBody>;
export type RefreshGrantBody = z.infer<typeof refreshGrantBody>;
export type LogoutBody = z.infer<typeof logoutBody>;
