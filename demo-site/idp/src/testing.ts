/**
 * Test support: a cookie-keeping HTTP client that walks the provider's pages the way a browser
 * would, and a helper that runs a whole authorization-code + PKCE sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function tempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'gid-idp-'));
  // Retried: a provider just closed may still be finishing a write in the folder (ENOTEMPTY, seen in CI).
  return { path, remove: () => rm(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }) };
}

export interface Page {
  status: number;
  url: string;
  headers: Headers;
  body: string;
}

/** A minimal browser: keeps cookies by name and path (one site, so no domains), submits forms. */
export class Browser {
  /** `path name` → value. */
  readonly cookies = new Map<string, string>();

  /** `extraHeaders` go with every request (e.g. an `X-Forwarded-For` a client forges). */
  constructor(
    readonly origin: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.extraHeaders };
    const cookie = this.cookieHeader(new URL(url, this.origin).pathname);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(new URL(url, this.origin), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  /**
   * Requests `url` and follows redirects while they stay on the provider. Returns the final page, or
   * `redirect` set to the first address outside the provider (the client's redirect URI).
   */
  async go(url: string, init?: { form?: Record<string, string> }): Promise<Page & { redirect?: URL }> {
    let current = new URL(url, this.origin).href;
    let response = await this.request(current, init);
    for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
      if (hops > 10) throw new Error('too many redirects');
      const next = new URL(response.headers.get('location') ?? '', current);
      await response.arrayBuffer();
      if (next.origin !== this.origin)
        return { status: response.status, url: current, headers: response.headers, body: '', redirect: next };
      current = next.href;
      response = await this.request(current);
    }
    return { status: response.status, url: current, headers: response.headers, body: await response.text() };
  }

  private cookieHeader(path: string): string {
    const sent: string[] = [];
    for (const [key, value] of this.cookies) {
      const [cookiePath = '/', name] = key.split(' ');
      if (path === cookiePath || path.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`)) sent.push(`${name}=${value}`);
    }
    return sent.join('; ');
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const path = attributes.map((a) => /^\s*path=(.*)$/i.exec(a)?.[1]?.trim()).find(Boolean) ?? '/';
    const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line);
    if (!value || expired) this.cookies.delete(`${path} ${name}`);
    else this.cookies.set(`${path} ${name}`, value);
  }
}

/** The `action` of the form whose submit button has this text. */
export function formAction(body: string, buttonText: string): string {
  const forms = body.match(/<form[^>]*action="([^"]+)"[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((f) => f.includes(`>${buttonText}</button>`));
  const action = form && /action="([^"]+)"/.exec(form)?.[1];
  if (!action) throw new Error(`no form with a "${buttonText}" button in:\n${body}`);
  return action.replace(/&amp;/g, '&');
}

export const pkcePair = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export interface AuthorizeOptions {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  prompt?: string;
  extra?: Record<string, string>;
  pkce?: boolean;
}

export function authorizeUrl(issuer: string, o: AuthorizeOptions = {}) {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(8).toString('base64url');
  const url = new URL('/oauth2/auth', issuer);
  const scope = o.scope ?? 'openid profile phone';
  const params: Record<string, string | undefined> = {
    client_id: o.clientId ?? 'demo-site',
    redirect_uri: o.redirectUri ?? 'http://127.0.0.1:3000/auth/gid',
    response_type: 'code',
    scope,
    state,
    // A nonce belongs to OpenID Connect; plain OAuth requests (the social stand-ins) have none.
    nonce: scope.split(' ').includes('openid') ? nonce : undefined,
    prompt: o.prompt,
    ...(o.pkce === false ? {} : { code_challenge: challenge, code_challenge_method: 'S256' }),
    ...o.extra,
  };
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return { url: url.href, verifier, state, nonce };
}

/** The newest SMS code sent to `phone`, read from the dev outbox like a tester would. */
export async function latestCode(issuer: string, phone: string): Promise<string> {
  const response = await fetch(new URL(`/dev/outbox?format=json&to=${encodeURIComponent(phone)}`, issuer));
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  const code = messages[0]?.code;
  if (!code) throw new Error(`no SMS sent to ${phone}`);
  return code;
}

/** Phone step, then SMS code step; returns the page after the code (consent, sign-up or redirect). */
export async function passLogin(browser: Browser, issuer: string, loginPage: Page, phone: string) {
  const codePage = await browser.go(formAction(loginPage.body, 'Получить код'), { form: { phone } });
  const code = await latestCode(issuer, phone);
  return browser.go(formAction(codePage.body, 'Войти'), { form: { code } });
}

/**
 * A complete sign-in: authorize → phone → SMS code → consent (if asked) → redirect with the code.
 */
export async function signIn(browser: Browser, issuer: string, phone: string, options: AuthorizeOptions = {}) {
  const request = authorizeUrl(issuer, options);
  let page = await browser.go(request.url);
  if (page.body.includes('Получить код')) page = await passLogin(browser, issuer, page, phone);
  if (page.body.includes('Разрешить')) page = await browser.go(formAction(page.body, 'Разрешить'), { form: {} });
  if (!page.redirect) throw new Error(`sign-in did not return to the client:\n${page.body}`);
  return { ...request, redirect: page.redirect, code: page.redirect.searchParams.get('code') ?? '' };
}

export async function exchangeCode(
  issuer: string,
  code: string,
  verifier: string,
  clientId = 'demo-site',
  redirectUri = 'http://127.0.0.1:3000/auth/gid',
) {
  const response = await fetch(new URL('/oauth2/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: redirectUri,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function refresh(issuer: string, refreshToken: string, clientId = 'demo-site') {
  const response = await fetch(new URL('/oauth2/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * SMS caps lifted, for tests about something else that sign one phone in again within seconds (the
 * caps themselves are tested in sms-limits.test.ts with the defaults).
 */
export const relaxedSmsPolicy = {
  resendCooldownMs: 0,
  codesPerPhoneHourly: 10_000,
  failuresPerPhoneHourly: 10_000,
  codesPerAddressHourly: 10_000,
  failuresPerAddressHourly: 10_000,
  codesPerPhoneDaily: 10_000,
  lockoutFailuresDaily: 10_000,
};
