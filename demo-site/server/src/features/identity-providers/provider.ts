import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import type { IdentityProviderConfig } from '../../config';
import { HttpError } from '../../lib/errors';

/**
 * A failed provider exchange: the OAuth `error` code the SDK understands, and as an HttpError the
 * status the site answers with (400: the provider refused, or its answer did not verify; 502: it is
 * unreachable or answered nonsense) and a Russian message. `cause` keeps what happened, for the log.
 */
export class ProviderError extends HttpError {
  constructor(
    statusCode: number,
    readonly error: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(statusCode, message);
    this.cause = options?.cause;
  }
}

/** The Russian descriptions of the OAuth error codes a person may meet (spec 8: «Ошибка авторизации: …»). */
const descriptions: Record<string, string> = {
  invalid_grant: 'Код авторизации недействителен или устарел. Войдите ещё раз',
  invalid_client: 'Сайт не зарегистрирован у сервиса авторизации',
  unauthorized_client: 'Сайту не разрешён этот способ входа',
  invalid_request: 'Некорректный запрос к сервису авторизации',
  invalid_scope: 'Запрошены недопустимые права доступа',
  unsupported_grant_type: 'Этот способ получения токена не поддерживается',
  invalid_token: 'Ответ сервиса авторизации не прошёл проверку',
  server_error: 'Сервис авторизации ответил некорректно',
  temporarily_unavailable: 'Сервис авторизации недоступен, попробуйте позже',
};
export const describeOAuthError = (error: string): string => descriptions[error] ?? 'Сервис авторизации отклонил запрос';

const providerError = (status: number, error: string, cause?: unknown) =>
  new ProviderError(status, error, describeOAuthError(error), { cause });

/**
 * The `nonce` the SDK puts in the authorize request, derived from the flow's code verifier:
 * base64url(SHA-256("nonce:" + verifier)), first 11 characters (`nonceFor` in @gid/sdk). The backend
 * recomputes it from the verifier of the token call, so nothing has to be stored between the two.
 */
export const nonceFor = (codeVerifier: string): string =>
  createHash('sha256').update(`nonce:${codeVerifier}`).digest('base64url').slice(0, 11);

export interface CodeExchange {
  code: string;
  redirectUri: string;
  /** The PKCE verifier; without it the code must have been issued without a challenge. */
  codeVerifier?: string | undefined;
  /**
   * `required`: an ID token must come, with the nonce derived from the verifier (GID).
   * `if-present`: plain OAuth is fine; an ID token, if any, must verify and carry either no nonce or
   * the derived one (the social networks, asked for `scope=email`).
   */
  idToken: 'required' | 'if-present';
}

/** A verified token response: the provider's fields, and the ID token's claims when it sent one. */
export interface ProviderTokens {
  tokens: oauth.TokenEndpointResponse;
  claims?: JWTPayload;
}

/** One provider's token, refresh and revocation endpoints, found by discovery. */
export interface IdentityProvider {
  readonly clientId: string;
  exchangeCode(input: CodeExchange): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  revoke(token: string): Promise<void>;
}

export interface IdentityProviders {
  gid: IdentityProvider;
  vk: IdentityProvider;
  google: IdentityProvider;
}

export const createIdentityProviders = (config: Record<keyof IdentityProviders, IdentityProviderConfig>): IdentityProviders => ({
  gid: createIdentityProvider(config.gid),
  vk: createIdentityProvider(config.vk),
  google: createIdentityProvider(config.google),
});

const REQUEST_TIMEOUT_MS = 10_000;
const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * oauth4webapi against one issuer: discovery once (again after a failure) unless the endpoints are
 * configured outright (`config.endpoints`, for providers without discovery), every request with a
 * timeout, plain http only to a loopback issuer (the local idp). ID tokens are checked twice:
 * oauth4webapi validates the claims (issuer, audience, expiry, nonce), jose the signature against
 * the provider's published keys. Every failure leaves as a {@link ProviderError}.
 */
export function createIdentityProvider(config: IdentityProviderConfig): IdentityProvider {
  const issuer = new URL(config.issuer);
  const client: oauth.Client = { client_id: config.clientId };
  const auth = config.clientSecret ? oauth.ClientSecretPost(config.clientSecret) : oauth.None();
  // Plain http only to loopback (the local idp): judged by where requests go.
  const target = new URL(config.endpoints?.token ?? config.issuer);
  const insecure = target.protocol === 'http:' && loopback.has(target.hostname);
  const options = () => ({ [oauth.allowInsecureRequests]: insecure, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

  let discovered: Promise<{ as: oauth.AuthorizationServer; jwks?: ReturnType<typeof createRemoteJWKSet> }> | undefined;
  const configured = config.endpoints;
  const server = () => {
    discovered ??= (
      configured
        ? Promise.resolve<oauth.AuthorizationServer>({
            issuer: issuer.href.replace(/\/$/, ''),
            token_endpoint: configured.token,
            ...(configured.revocation ? { revocation_endpoint: configured.revocation } : {}),
            ...(configured.jwks ? { jwks_uri: configured.jwks } : {}),
          })
        : oauth.discoveryRequest(issuer, options()).then((response) => oauth.processDiscoveryResponse(issuer, response))
    )
      .then((as) => ({
        as,
        ...(as.jwks_uri ? { jwks: createRemoteJWKSet(new URL(as.jwks_uri), { timeoutDuration: REQUEST_TIMEOUT_MS }) } : {}),
      }))
      .catch((error: unknown) => {
        discovered = undefined; // the next call tries again
        throw error;
      });
    return discovered;
  };

  /** Signature (the provider's keys), issuer, audience, expiry, and the nonce when one is expected. */
  async function verifyIdToken(idToken: string, nonce: string | undefined): Promise<JWTPayload> {
    const { as, jwks } = await server();
    if (!jwks) throw providerError(502, 'server_error', new Error('the provider publishes no jwks_uri'));
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: as.issuer,
      audience: client.client_id,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (nonce !== undefined && payload.nonce !== nonce) throw providerError(400, 'invalid_token', new Error('ID token nonce mismatch'));
    return payload;
  }

  async function exchangeCode(input: CodeExchange): Promise<ProviderTokens> {
    const { as } = await server();
    // The browser's callback was checked by the client (state); the server sees only the code.
    const params = new URLSearchParams({ code: input.code, iss: as.issuer });
    const callback = oauth.validateAuthResponse(as, client, params, oauth.skipStateCheck);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      callback,
      input.redirectUri,
      input.codeVerifier ?? oauth.nopkce,
      options(),
    );
    const expectedNonce = input.codeVerifier ? nonceFor(input.codeVerifier) : undefined;
    const nonceExpected = input.idToken === 'required' || (await idTokenHasNonce(response));
    if (nonceExpected && !expectedNonce) throw providerError(400, 'invalid_request', new Error('a nonce needs a code_verifier'));
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      response,
      nonceExpected ? { expectedNonce: expectedNonce!, requireIdToken: true } : {},
    );
    if (!tokens.id_token) return { tokens };
    return { tokens, claims: await verifyIdToken(tokens.id_token, nonceExpected ? expectedNonce : undefined) };
  }

  async function refresh(refreshToken: string): Promise<ProviderTokens> {
    const { as } = await server();
    const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options());
    const tokens = await oauth.processRefreshTokenResponse(as, client, response);
    return tokens.id_token ? { tokens, claims: await verifyIdToken(tokens.id_token, undefined) } : { tokens };
  }

  async function revoke(token: string): Promise<void> {
    const { as } = await server();
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, token, options()));
  }

  const guarded =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      operation(...args).catch((error: unknown) => {
        throw toProviderError(error);
      });

  return {
    clientId: config.clientId,
    exchangeCode: guarded(exchangeCode),
    refresh: guarded(refresh),
    revoke: guarded(revoke),
  };
}

/** Whether a token response carries an ID token with a `nonce` claim (read from a copy of the body). */
async function idTokenHasNonce(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const idToken = (body as { id_token?: unknown } | undefined)?.id_token;
  if (typeof idToken !== 'string') return false;
  try {
    return decodeJwt(idToken).nonce !== undefined;
  } catch {
    return false; // oauth4webapi reports the malformed token
  }
}

/** Sorts any failure of an exchange into what the client is told. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof oauth.ResponseBodyError) return providerError(error.status >= 500 ? 502 : 400, error.error, error);
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const code = error.cause[0]?.parameters.error ?? 'invalid_client';
    return providerError(error.status >= 500 ? 502 : 400, code, error);
  }
  if (error instanceof oauth.OperationProcessingError) {
    // A claim of the ID token is wrong or missing (oauth4webapi then keeps the claims in `cause`).
    const claims = typeof error.cause === 'object' && error.cause !== null && 'claims' in error.cause;
    if (error.code === oauth.JWT_CLAIM_COMPARISON || error.code === oauth.JWT_TIMESTAMP_CHECK || claims) {
      return providerError(400, 'invalid_token', error);
    }
    if (error.code === oauth.HTTP_REQUEST_FORBIDDEN) return providerError(502, 'temporarily_unavailable', error);
    return providerError(502, 'server_error', error);
  }
  if (error instanceof joseErrors.JOSEError) {
    const unreachable = error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid;
    return unreachable ? providerError(502, 'temporarily_unavailable', error) : providerError(400, 'invalid_token', error);
  }
  // fetch failed, timed out, or the configuration is unusable (e.g. plain http to a remote issuer).
  return providerError(502, 'temporarily_unavailable', error);
}
