// The reference backend a site copies: the two calls the SDK makes to the site's own server.
//   POST /api/v0.3/backend/oauth/token  — exchange a code (with its PKCE verifier) or a refresh token
//   POST /api/v0.3/backend/oauth/logout — revoke a token at the provider
// The provider is trusted only through its discovery document and signing keys.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { providerUrl } from './paths';

export const TOKEN_PATH = '/api/v0.3/backend/oauth/token';
export const LOGOUT_PATH = '/api/v0.3/backend/oauth/logout';
const MAX_BODY = 16 * 1024;

export interface BackendOptions {
  /** The identity provider's issuer URL. */
  idpUrl: string;
  /** The clients this site registered at the provider. */
  clientIds: string[];
  /** The redirect URIs this site registered; a code for any other is refused. */
  redirectUris: () => string[];
}

type Json = Record<string, unknown>;

/** The ID token's `nonce` the SDK derived from the flow's verifier (see `nonceFor` in @gid/sdk). */
export const nonceFor = (codeVerifier: string): string =>
  createHash('sha256').update(`nonce:${codeVerifier}`).digest('base64url').slice(0, 11);

/** An ID token that failed a check: `claim` names the one (`signature` for the signature itself). */
export class IdTokenError extends Error {
  constructor(public claim: string) {
    super(`ID-токен не прошёл проверку: ${claim}`);
  }
}

/**
 * Checks an ID token with jose: the signature (the provider's keys), `iss` (the provider's issuer),
 * `aud` (this client), `exp` (not past; 30 s of clock skew), `azp` (this client, when the token
 * names one or has more than one audience) and `nonce` (the flow's, when given). Throws an
 * `IdTokenError` naming the claim that failed.
 */
export async function checkIdToken(
  idToken: string,
  keys: JWTVerifyGetKey | CryptoKey | Uint8Array,
  expected: { issuer: string; clientId: string; nonce?: string },
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys as JWTVerifyGetKey, {
      issuer: expected.issuer,
      audience: expected.clientId,
      clockTolerance: 30,
      requiredClaims: ['iss', 'aud', 'exp', 'sub'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTClaimValidationFailed || error instanceof joseErrors.JWTExpired) throw new IdTokenError(error.claim);
    throw new IdTokenError('signature');
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((payload.azp !== undefined || audiences.length > 1) && payload.azp !== expected.clientId) throw new IdTokenError('azp');
  if (expected.nonce !== undefined && payload.nonce !== expected.nonce) throw new IdTokenError('nonce');
  return payload;
}

const send = (res: ServerResponse, status: number, body?: Json) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body ? JSON.stringify(body) : undefined);
};

const fail = (res: ServerResponse, status: number, error: string, error_description: string) =>
  send(res, status, { error, error_description, status });

async function readJson(req: IncomingMessage): Promise<Json | undefined> {
  if (!req.headers['content-type']?.startsWith('application/json')) return undefined;
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

const str = (body: Json, key: string, max = 4096): string | undefined => {
  const value = body[key];
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
};

export function createBackend(options: BackendOptions) {
  const issuer = providerUrl(options.idpUrl);
  const auth = oauth.None();
  const insecure = { [oauth.allowInsecureRequests]: issuer.protocol === 'http:' };
  let discovered: Promise<{ as: oauth.AuthorizationServer; jwks: ReturnType<typeof createRemoteJWKSet> }> | undefined;

  const provider = () => {
    discovered ??= oauth
      .discoveryRequest(issuer, insecure)
      .then((response) => oauth.processDiscoveryResponse(issuer, response))
      .then((as) => ({ as, jwks: createRemoteJWKSet(providerUrl(as.jwks_uri as string)) }))
      .catch((error) => {
        discovered = undefined; // try again on the next call
        throw error;
      });
    return discovered;
  };

  /** Verifies the ID token with the provider's keys: `iss`, `aud`, `azp`, `nonce`, `exp` (see `checkIdToken`). */
  async function verifyIdToken(client: oauth.Client, idToken: string, nonce: string | undefined): Promise<JWTPayload> {
    const { as, jwks } = await provider();
    return checkIdToken(idToken, jwks, { issuer: as.issuer, clientId: client.client_id, nonce });
  }

  /** The token response of spec 3.1, with the person's claims in `additional_data`. */
  async function tokenResponse(client: oauth.Client, tokens: oauth.TokenEndpointResponse, nonce?: string): Promise<Json> {
    const claims = tokens.id_token ? await verifyIdToken(client, tokens.id_token, nonce) : undefined;
    return {
      access_token: tokens.access_token,
      id_token: tokens.id_token,
      refresh_token: tokens.refresh_token,
      expires_in: tokens.expires_in,
      scope: tokens.scope,
      token_type: tokens.token_type,
      additional_data: claims
        ? {
            sub: claims.sub,
            name: claims.name,
            given_name: claims.given_name,
            family_name: claims.family_name,
            phone_number: claims.phone_number,
          }
        : {},
    };
  }

  async function exchangeCode(client: oauth.Client, body: Json): Promise<Json> {
    const code = str(body, 'code');
    const verifier = str(body, 'code_verifier', 128);
    const redirectUri = str(body, 'redirect_uri');
    if (!code || !verifier || verifier.length < 43 || !redirectUri || !str(body, 'state')) {
      throw new RequestError('invalid_request', 'Нужны code, code_verifier, redirect_uri и state');
    }
    if (!options.redirectUris().includes(redirectUri)) throw new RequestError('invalid_request', 'Адрес возврата не зарегистрирован');
    const { as } = await provider();
    // The SDK already checked state against its flow data; here the code meets its verifier.
    const params = new URLSearchParams({ code, iss: as.issuer });
    const callback = oauth.validateAuthResponse(as, client, params, oauth.skipStateCheck);
    const response = await oauth.authorizationCodeGrantRequest(as, client, auth, callback, redirectUri, verifier, insecure);
    const nonce = nonceFor(verifier);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
    return tokenResponse(client, tokens, nonce);
  }

  async function refresh(client: oauth.Client, body: Json): Promise<Json> {
    const refreshToken = str(body, 'refresh_token');
    if (!refreshToken) throw new RequestError('invalid_request', 'Нужен refresh_token');
    const { as } = await provider();
    const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, insecure);
    return tokenResponse(client, await oauth.processRefreshTokenResponse(as, client, response));
  }

  async function revoke(client: oauth.Client, body: Json): Promise<void> {
    const token = str(body, 'token');
    if (!token) throw new RequestError('invalid_request', 'Нужен token');
    const { as } = await provider();
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, token, insecure));
  }

  /** Handles the backend's paths; returns false for any other request. */
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (path !== TOKEN_PATH && path !== LOGOUT_PATH) return false;
    if (req.method !== 'POST') {
      fail(res, 405, 'method_not_allowed', 'Только POST');
      return true;
    }
    const body = await readJson(req);
    if (!body) {
      fail(res, 400, 'invalid_request', 'Ожидается JSON-объект');
      return true;
    }
    if (typeof body.client_id !== 'string' || !options.clientIds.includes(body.client_id)) {
      fail(res, 400, 'invalid_client', 'Неизвестный client_id');
      return true;
    }
    const client: oauth.Client = { client_id: body.client_id };
    try {
      if (path === LOGOUT_PATH) {
        await revoke(client, body);
        send(res, 204);
      } else if (body.grant_type === 'authorization_code') send(res, 200, await exchangeCode(client, body));
      else if (body.grant_type === 'refresh_token') send(res, 200, await refresh(client, body));
      else fail(res, 400, 'unsupported_grant_type', 'grant_type: authorization_code или refresh_token');
    } catch (error) {
      respondError(res, error);
    }
    return true;
  };
}

class RequestError extends Error {
  constructor(
    public error: string,
    public description: string,
  ) {
    super(description);
  }
}

/** Provider errors pass through as the spec's error response; nothing else leaks. */
function respondError(res: ServerResponse, error: unknown): void {
  if (error instanceof RequestError) fail(res, 400, error.error, error.description);
  else if (error instanceof IdTokenError) fail(res, 400, 'invalid_id_token', error.message);
  else if (error instanceof oauth.OperationProcessingError && typeof (error.cause as { claim?: unknown } | undefined)?.claim === 'string') {
    // oauth4webapi's own look at the ID token (the same claims) came first: say which one too.
    fail(res, 400, 'invalid_id_token', new IdTokenError((error.cause as { claim: string }).claim).message);
  } else if (error instanceof oauth.ResponseBodyError) {
    fail(res, error.status >= 500 ? 502 : 400, error.error, error.error_description ?? 'Провайдер отклонил запрос');
  } else {
    console.error('[example backend]', error);
    fail(res, 502, 'server_error', 'Не удалось получить токены у провайдера');
  }
}
