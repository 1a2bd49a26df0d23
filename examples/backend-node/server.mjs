#!/usr/bin/env node
// The reference backend for «Войти с Газпром ID»: plain Node ≥ 20, one file, no dependencies.
// It answers the two calls @gid/sdk makes to a site's own server and serves a folder of static pages:
//   POST /api/v0.3/backend/oauth/token  — {grant_type: 'authorization_code', client_id, code, code_verifier, redirect_uri, state}
//                                         or {grant_type: 'refresh_token', client_id, refresh_token}
//   POST /api/v0.3/backend/oauth/logout — {client_id, token}: revokes the token at the provider
// The ID token is checked here: signature (the provider's keys), iss, aud, azp, nonce, exp.
//
//   CLIENT_ID=my-shop REDIRECT_URIS=http://127.0.0.1:5173/auth/gid PORT=5173 node server.mjs ./public
//
// Environment: IDP_URL (the provider's issuer, default http://127.0.0.1:4000), CLIENT_ID (required),
// REDIRECT_URIS (comma-separated, required: a code for any other redirect URI is refused),
// PORT (default 5173), HOST (default 127.0.0.1). Argument: the folder to serve (default ./public).
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export const TOKEN_PATH = '/api/v0.3/backend/oauth/token';
export const LOGOUT_PATH = '/api/v0.3/backend/oauth/logout';
const MAX_BODY = 16 * 1024;
const CLOCK_SKEW_S = 30;

/** The ID token's `nonce` the SDK derives from the flow's PKCE verifier. */
export const nonceFor = (codeVerifier) => createHash('sha256').update(`nonce:${codeVerifier}`).digest('base64url').slice(0, 11);

class HttpError extends Error {
  constructor(status, error, description) {
    super(description);
    this.status = status;
    this.error = error;
  }
}

/** The provider's endpoints and keys, fetched once (again after a failure or an unknown key id). */
function providerOf(issuer) {
  let discovery;
  let keys;
  const getJson = async (url) => {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  };
  const meta = () => {
    discovery ??= getJson(`${issuer}/.well-known/openid-configuration`).catch((error) => {
      discovery = undefined;
      throw error;
    });
    return discovery;
  };
  const key = async (kid, refetch = false) => {
    if (!keys || refetch) keys = getJson((await meta()).jwks_uri).then((jwks) => jwks.keys);
    const jwk = (await keys.catch(() => [])).find((k) => k.kid === kid && k.kty === 'RSA');
    if (jwk) return createPublicKey({ key: jwk, format: 'jwk' });
    if (!refetch) return key(kid, true); // keys rotated
    throw new IdTokenError('signature');
  };
  return { meta, key };
}

export class IdTokenError extends Error {
  constructor(claim) {
    super(`ID-токен не прошёл проверку: ${claim}`);
    this.claim = claim;
  }
}

/**
 * Checks an ID token (RS256): the signature with the provider's key, `iss` (the issuer), `aud` (this
 * client), `azp` (this client when present or when there are several audiences), `exp` (not past,
 * 30 s of skew) and `nonce` (when expected). Returns the claims; throws IdTokenError naming the claim.
 */
export async function checkIdToken(idToken, getKey, { issuer, clientId, nonce, now = Date.now() }) {
  const parts = String(idToken).split('.');
  if (parts.length !== 3) throw new IdTokenError('signature');
  let header;
  let claims;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new IdTokenError('signature');
  }
  if (header.alg !== 'RS256') throw new IdTokenError('signature');
  const signed = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), await getKey(header.kid), Buffer.from(parts[2], 'base64url'));
  if (!signed) throw new IdTokenError('signature');
  if (claims.iss !== issuer) throw new IdTokenError('iss');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(clientId)) throw new IdTokenError('aud');
  if ((claims.azp !== undefined || audiences.length > 1) && claims.azp !== clientId) throw new IdTokenError('azp');
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_S <= now / 1000) throw new IdTokenError('exp');
  if (nonce !== undefined && claims.nonce !== nonce) throw new IdTokenError('nonce');
  if (typeof claims.sub !== 'string') throw new IdTokenError('sub');
  return claims;
}

/** The backend: `handle(req, res)` answers the two SDK paths and returns true, false for anything else. */
export function createBackend({ idpUrl, clientIds, redirectUris }) {
  const issuer = idpUrl.replace(/\/$/, '');
  const provider = providerOf(issuer);

  /** A form POST to one of the provider's endpoints; its OAuth error passes through. */
  async function callProvider(endpoint, form) {
    const url = (await provider.meta())[endpoint];
    let response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      console.error(`[backend] ${url}:`, error.message);
      throw new HttpError(502, 'server_error', 'Не удалось связаться с провайдером');
    }
    const text = await response.text();
    const body = text ? JSON.parse(text) : {};
    if (!response.ok)
      throw new HttpError(
        response.status >= 500 ? 502 : 400,
        body.error ?? 'server_error',
        body.error_description ?? 'Провайдер отклонил запрос',
      );
    return body;
  }

  /** The token response the SDK expects, with the person's claims in `additional_data`. */
  async function tokenResponse(clientId, tokens, nonce) {
    const claims = tokens.id_token
      ? await checkIdToken(tokens.id_token, provider.key, { issuer: (await provider.meta()).issuer, clientId, nonce })
      : undefined;
    if (!tokens.id_token && nonce !== undefined) throw new IdTokenError('id_token');
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

  async function answer(path, body) {
    const text = (key, max = 4096) =>
      typeof body[key] === 'string' && body[key].length > 0 && body[key].length <= max ? body[key] : undefined;
    const clientId = text('client_id', 128);
    if (!clientId || !clientIds.includes(clientId)) throw new HttpError(400, 'invalid_client', 'Неизвестный client_id');
    if (path === LOGOUT_PATH) {
      const token = text('token');
      if (!token) throw new HttpError(400, 'invalid_request', 'Нужен token');
      await callProvider('revocation_endpoint', { client_id: clientId, token });
      return undefined;
    }
    if (body.grant_type === 'authorization_code') {
      const code = text('code');
      const verifier = text('code_verifier', 128);
      const redirectUri = text('redirect_uri');
      if (!code || !verifier || verifier.length < 43 || !redirectUri || !text('state'))
        throw new HttpError(400, 'invalid_request', 'Нужны code, code_verifier, redirect_uri и state');
      if (!redirectUris.includes(redirectUri)) throw new HttpError(400, 'invalid_request', 'Адрес возврата не зарегистрирован');
      const tokens = await callProvider('token_endpoint', {
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      });
      return tokenResponse(clientId, tokens, nonceFor(verifier));
    }
    if (body.grant_type === 'refresh_token') {
      const refreshToken = text('refresh_token');
      if (!refreshToken) throw new HttpError(400, 'invalid_request', 'Нужен refresh_token');
      const tokens = await callProvider('token_endpoint', {
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: refreshToken,
      });
      return tokenResponse(clientId, tokens);
    }
    throw new HttpError(400, 'unsupported_grant_type', 'grant_type: authorization_code или refresh_token');
  }

  return async function handle(req, res) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== TOKEN_PATH && path !== LOGOUT_PATH) return false;
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body ? JSON.stringify(body) : undefined);
    };
    try {
      if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Только POST');
      if (!req.headers['content-type']?.startsWith('application/json'))
        throw new HttpError(400, 'invalid_request', 'Ожидается JSON-объект');
      const chunks = [];
      let size = 0;
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_BODY) throw new HttpError(413, 'invalid_request', 'Слишком большой запрос');
        chunks.push(chunk);
      }
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new HttpError(400, 'invalid_request', 'Ожидается JSON-объект');
      const result = await answer(path, body);
      send(result ? 200 : 204, result);
    } catch (error) {
      if (error instanceof HttpError) send(error.status, { error: error.error, error_description: error.message, status: error.status });
      else if (error instanceof IdTokenError) send(400, { error: 'invalid_id_token', error_description: error.message, status: 400 });
      else {
        console.error('[backend]', error);
        send(502, { error: 'server_error', error_description: 'Не удалось получить токены у провайдера', status: 502 });
      }
    }
    return true;
  };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Serves files of `folder`; a path without an extension is its `.html` page or `index.html` (so `/auth/gid` is
 * `auth/gid.html`), else the folder's `index.html` (a single-page app).
 */
async function serveStatic(folder, req, res) {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  const candidates = path.endsWith('/') ? [`${path}index.html`] : extname(path) ? [path] : [`${path}.html`, `${path}/index.html`];
  for (const candidate of candidates) {
    const file = resolve(folder, `.${candidate}`);
    if (file !== folder && !file.startsWith(folder + sep)) break;
    if (!(await stat(file).catch(() => undefined))?.isFile()) continue;
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(await readFile(file));
    return;
  }
  // A single-page app (a Vite build): its routes, `/auth/gid` among them, are its index.html.
  const index = join(folder, 'index.html');
  if (!extname(path) && (await stat(index).catch(() => undefined))?.isFile()) {
    res.writeHead(200, { 'content-type': TYPES['.html'] });
    res.end(await readFile(index));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Не найдено');
}

/** Starts the backend and the static folder on one origin; resolves to the running server. */
export async function start({ idpUrl, clientIds, redirectUris, folder, port, host = '127.0.0.1' }) {
  const handle = createBackend({ idpUrl, clientIds, redirectUris });
  const root = resolve(folder);
  const server = createServer(async (req, res) => {
    if (!(await handle(req, res))) await serveStatic(root, req, res);
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, host, ok));
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { env } = process;
  const missing = ['CLIENT_ID', 'REDIRECT_URIS'].filter((name) => !env[name]);
  if (missing.length) {
    console.error(
      `Set ${missing.join(' and ')}, e.g. CLIENT_ID=my-shop REDIRECT_URIS=http://127.0.0.1:5173/auth/gid node server.mjs ./public`,
    );
    process.exit(1);
  }
  const port = Number(env.PORT ?? 5173);
  const server = await start({
    idpUrl: env.IDP_URL ?? 'http://127.0.0.1:4000',
    clientIds: env.CLIENT_ID.split(',').map((id) => id.trim()),
    redirectUris: env.REDIRECT_URIS.split(',').map((uri) => uri.trim()),
    folder: process.argv[2] ?? './public',
    port,
    host: env.HOST ?? '127.0.0.1',
  });
  console.log(
    `Backend for ${env.CLIENT_ID} on http://${env.HOST ?? '127.0.0.1'}:${server.address().port} (provider ${env.IDP_URL ?? 'http://127.0.0.1:4000'})`,
  );
}
