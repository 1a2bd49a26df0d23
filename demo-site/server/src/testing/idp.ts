import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdp } from '@gid/idp';
import type { ServerConfig } from '../config';
import { nonceFor } from '../features/identity-providers/provider';

/**
 * The real local identity provider for route tests, and a small cookie-keeping "browser" that walks
 * its sign-in pages over plain HTTP (the idea of `demo-site/idp/src/testing.ts`) to get real codes.
 */

/** The site's origin as the idp's clients know it in tests; redirects to it are where a walk stops. */
export const SITE = 'http://site.test';

export interface TestIdp {
  url: string;
  /** `config.identity` pointing the server at this idp. */
  identity: ServerConfig['identity'];
  close(): Promise<void>;
}

/** startIdp on a free port with a fresh data folder; `demo-site`, `vk` and `google` moved to {@link SITE}. */
export async function startTestIdp(): Promise<TestIdp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gid-server-idp-'));
  const idp = await startIdp({
    demo: true,
    // Route tests sign one phone in again within seconds; the idp's own tests cover its code caps.
    sms: {
      resendCooldownMs: 0,
      codesPerPhoneHourly: 10_000,
      failuresPerPhoneHourly: 10_000,
      codesPerAddressHourly: 10_000,
      failuresPerAddressHourly: 10_000,
      codesPerPhoneDaily: 10_000,
      lockoutFailuresDaily: 10_000,
    },
    port: 0,
    dataDir,
    clientOrigins: { 'demo-site': SITE, vk: SITE, google: SITE },
  });
  return {
    url: idp.url,
    identity: {
      gid: { issuer: idp.url, clientId: 'demo-site', verifiesContacts: true },
      vk: { issuer: idp.url, clientId: 'vk', verifiesContacts: false },
      google: { issuer: idp.url, clientId: 'google', verifiesContacts: true },
    },
    close: async () => {
      await idp.close();
      // Retried: the provider just closed may still be finishing a write in its folder (ENOTEMPTY).
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}

/** A browser of one person: keeps the idp's cookies (one site, so by name and path only). */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  /** GETs (or POSTs a form to) `url`, following redirects while they stay on the idp. */
  async go(url: string, form?: Record<string, string>): Promise<{ body: string; redirect?: URL }> {
    let current = new URL(url, this.origin);
    let response = await this.request(current, form);
    for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
      if (hops > 10) throw new Error('too many redirects');
      const next = new URL(response.headers.get('location') ?? '', current);
      await response.arrayBuffer();
      if (next.origin !== this.origin) return { body: '', redirect: next };
      current = next;
      response = await this.request(current);
    }
    return { body: await response.text() };
  }

  private async request(url: URL, form?: Record<string, string>): Promise<Response> {
    const cookie = [...this.cookies]
      .filter(([key]) => url.pathname.startsWith(key.split(' ')[0]!))
      .map(([key, value]) => `${key.split(' ')[1]}=${value}`)
      .join('; ');
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers: { ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const path = attributes.map((a) => /^\s*path=(.*)$/i.exec(a)?.[1]?.trim()).find(Boolean) ?? '/';
      if (!value || /expires=Thu, 01 Jan 1970|max-age=0/i.test(line)) this.cookies.delete(`${path} ${name}`);
      else this.cookies.set(`${path} ${name}`, value);
    }
    return response;
  }
}

/** The `action` of the form whose submit button reads `button`. */
function formAction(body: string, button: string): string {
  const form = (body.match(/<form[^>]*action="[^"]+"[\s\S]*?<\/form>/g) ?? []).find((f) => f.includes(`>${button}</button>`));
  const action = form && /action="([^"]+)"/.exec(form)?.[1];
  if (!action) throw new Error(`no form with a «${button}» button in:\n${body}`);
  return action.replaceAll('&amp;', '&');
}

/** The newest SMS code the idp "sent" to `phone`. */
async function latestCode(idpUrl: string, phone: string): Promise<string> {
  const response = await fetch(new URL(`/dev/outbox?format=json&to=${encodeURIComponent(phone)}`, idpUrl));
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  if (!messages[0]) throw new Error(`no SMS sent to ${phone}`);
  return messages[0].code;
}

let phones = 0;
/** A +7 number neither the idp's seed nor the server's knows: signing in with it signs up at the idp. */
export const newIdpPhone = () => `+7955${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(4, '0')}`;

export interface AuthorizeOptions {
  /** Default `demo-site` with redirect `{SITE}/auth/gid` and `openid profile phone`. */
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  /** The nonce to send, null for none; by default the SDK's, derived from the verifier (none without `openid`). */
  nonce?: string | null;
  /** Name for the sign-up page of an unknown number. */
  name?: { given: string; family: string };
  /** The flow's PKCE verifier and state, when someone else (the site's server) issued the state. */
  verifier?: string;
  state?: string;
}

export interface IdpCode {
  code: string;
  verifier: string;
  state: string;
  redirectUri: string;
}

/**
 * The whole browser side of a sign-in, like the SDK or the web app drive it: authorize with PKCE S256
 * → phone → SMS code → (sign-up) → consent → the code on the redirect URI. With a live idp session
 * in `browser` the code comes straight back.
 */
export async function authorize(idpUrl: string, browser: Browser, phone: string, options: AuthorizeOptions = {}): Promise<IdpCode> {
  const verifier = options.verifier ?? randomBytes(64).toString('base64url');
  const state = options.state ?? randomBytes(32).toString('base64url');
  const scope = options.scope ?? 'openid profile phone';
  const redirectUri = options.redirectUri ?? `${SITE}/auth/gid`;
  const url = new URL('/oauth2/auth', idpUrl);
  const params: Record<string, string> = {
    client_id: options.clientId ?? 'demo-site',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  if (scope.split(' ').includes('openid') && options.nonce !== null) params.nonce = options.nonce ?? nonceFor(verifier);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);

  let page = await browser.go(url.href);
  if (page.body.includes('>Получить код</button>')) {
    const codePage = await browser.go(formAction(page.body, 'Получить код'), { phone });
    page = await browser.go(formAction(codePage.body, 'Войти'), { code: await latestCode(idpUrl, phone) });
  }
  if (page.body.includes('>Зарегистрироваться</button>')) {
    const name = options.name ?? { given: 'Тест', family: 'Тестов' };
    page = await browser.go(formAction(page.body, 'Зарегистрироваться'), { given_name: name.given, family_name: name.family });
  }
  if (page.body.includes('>Разрешить</button>')) page = await browser.go(formAction(page.body, 'Разрешить'), {});
  const code = page.redirect?.searchParams.get('code');
  if (!code) throw new Error(`the idp did not return a code: ${page.redirect ?? page.body}`);
  return { code, verifier, state, redirectUri };
}
