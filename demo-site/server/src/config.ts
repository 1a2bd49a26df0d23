import { newSandboxSecret } from './features/payment/provider';
import type { TrustProxy } from './http/trust-proxy';
import { defaultScryptCost, type ScryptCost } from './lib/crypto';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * A lockout after repeated failures: `maxFailures` within `failureWindowMs` lock the subject for
 * `lockMs` (features/account-lockout).
 */
export interface LockoutRule {
  maxFailures: number;
  failureWindowMs: number;
  lockMs: number;
}

/**
 * One OAuth 2.0 / OpenID Connect provider the site exchanges codes with. Its endpoints and signing
 * keys come from the issuer's discovery document (`{issuer}/.well-known/openid-configuration`).
 */
export interface IdentityProviderConfig {
  /** The issuer URL, e.g. `https://accounts.google.com`; the local idp by default. */
  issuer: string;
  /** This site's client id at the provider. */
  clientId: string;
  /** For a confidential client (`client_secret_post`); without it the client is public (PKCE only). */
  clientSecret?: string | undefined;
  /**
   * For a provider without a discovery document (VK's oauth.vk.com): its endpoints given outright.
   * Without `jwks`, ID tokens cannot be verified, so such a provider is used as plain OAuth.
   */
  endpoints?: { token: string; revocation?: string | undefined; jwks?: string | undefined; authorization?: string | undefined } | undefined;
  /**
   * Whether the provider checks the e-mail addresses and phones it vouches for (issue 33, finding 4):
   * only then is its `email_verified` / `phone_number_verified: true` proof that joins an account. A
   * provider not configured as verifying (VK by default: its token answer states nothing) proves no contact.
   */
  verifiesContacts?: boolean | undefined;
}

/** The local identity provider (demo-site/idp) on its default port. */
export const LOCAL_IDP_URL = 'http://127.0.0.1:4000';

/** Behaviour the server is configured with (not where it listens: see main.ts). */
export interface ServerConfig {
  /** The site's origin, for links in e-mails (/verify/email/{code}…). An https one turns on HSTS. */
  publicUrl: string;
  /**
   * Behind a reverse proxy (`TRUST_PROXY`, see http/trust-proxy.ts): which proxies' `X-Forwarded-For` to
   * believe — a hop count (`1`: the one proxy in front) or their addresses/CIDRs (`['10.0.0.0/8']`), never
   * every hop. Without it every client looks like the proxy, and the per-address limits would throttle
   * everyone together. Off by default (no proxy: the socket's address).
   */
  trustProxy: TrustProxy;
  /**
   * Demo mode, only when asked for (`npm start` asks; `GID_DEMO=1`): the dev outbox page and JSON that
   * show every code and link, the demo accounts in a fresh database, the demo purchases.
   */
  demo: boolean;
  /**
   * The local sandbox is the payment provider (`PAYMENT_PROVIDER=sandbox`): only then are its pay pages
   * (`/sandbox/pay/…`) mounted. Without it, a real provider must be passed to `startServer`.
   */
  sandbox: boolean;
  /** A session's absolute lifetime from sign-in. */
  sessionTtlMs: number;
  /** A session unused this long has ended (a lost token stops working on its own). */
  sessionIdleMs: number;
  scrypt: ScryptCost;
  /**
   * SMS codes. Besides each code's `maxAttempts`, caps per phone (or account) across codes and
   * interactions: `perTargetHourly` and `perTargetDaily` codes issued, `failedChecksHourly` wrong
   * guesses, and `lockout` — so many wrong guesses a day lock the phone's (account's) codes, its owner
   * told. The 4 digits stay, so the limits carry the weight.
   */
  sms: {
    codeLength: number;
    codeTtlMs: number;
    maxAttempts: number;
    resendCooldownMs: number;
    perTargetHourly: number;
    perTargetDaily: number;
    failedChecksHourly: number;
    lockout: LockoutRule;
  };
  /**
   * Wrong passwords per account (`PUT /api/auth`, and the current password the settings ask for):
   * `maxFailures` lock its password sign-in for `lockMs`, the owner told. Per address besides (`login`).
   */
  passwordLockout: LockoutRule;
  /** Lifetime of e-mail links: confirmation, e-mail change. */
  emailLinkTtlMs: number;
  /** Lifetime of a password reset link. */
  resetLinkTtlMs: number;
  /** Lifetime of the `secure` token between the reset-code check and the new password. */
  resetSecureTtlMs: number;
  /**
   * Per IP and route. `oauth`: the provider code exchanges (GID, social) — looser than `login`, as a
   * code is single-use and bound to its verifier; the limit keeps junk from being relayed to providers.
   */
  rateLimits: {
    login: RateLimit;
    sms: RateLimit;
    reset: RateLimit;
    oauth: RateLimit;
    uploads: RateLimit;
    /** POST /api/payment per address: each payment holds stock for `payment.holdMs`. */
    payment: RateLimit;
    /** Promocode checks per address: codes are human-readable, so guessing them is cheap otherwise. */
    promocode: RateLimit;
  };
  /**
   * Tickets and goods one e-mail or one address may hold at once in open (pending, unexpired) orders —
   * units, not orders: without a cap one script could «sell out» every event with holds it never pays.
   */
  holdCaps: { perEmail: number; perAddress: number };
  /** How long a waiting-list offer holds a freed place for its person (issue 35; WAITLIST_OFFER_HOURS, 24 h). */
  waitlistOfferMs: number;
  supportEmail: string;
  /** How long a public catalogue answer may be reused (0 turns the response cache off). */
  responseCacheMs: number;
  /**
   * Payments: how long an unpaid order holds its stock, how often expired holds are swept, and the
   * sandbox provider's signing key (a local development key: generated per data folder on first run).
   */
  payment: {
    holdMs: number;
    sweepIntervalMs: number;
    sandboxSecret: string;
    /** The receipts' VAT code (54-ФЗ; YooKassa's `vat_code`: 1 без НДС by default, 4 НДС 20%…). */
    vatCode?: number;
  };
  /** The state provider (GID, the SDK's token call) and the two social networks. */
  identity: { gid: IdentityProviderConfig; vk: IdentityProviderConfig; google: IdentityProviderConfig };
}

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    publicUrl: 'http://127.0.0.1:3000',
    trustProxy: false,
    demo: false,
    sandbox: false,
    sessionTtlMs: 90 * 86_400_000,
    sessionIdleMs: 30 * 86_400_000,
    scrypt: defaultScryptCost,
    sms: {
      codeLength: 4,
      codeTtlMs: 5 * 60_000,
      maxAttempts: 5,
      resendCooldownMs: 60_000,
      perTargetHourly: 5,
      perTargetDaily: 10,
      failedChecksHourly: 10,
      // 20 wrong codes in a day stop the target's codes for a day: at most ~20 guesses of 10,000 a day.
      lockout: { maxFailures: 20, failureWindowMs: 86_400_000, lockMs: 86_400_000 },
    },
    passwordLockout: { maxFailures: 10, failureWindowMs: 3_600_000, lockMs: 15 * 60_000 },
    emailLinkTtlMs: 24 * 3_600_000,
    resetLinkTtlMs: 3_600_000,
    resetSecureTtlMs: 15 * 60_000,
    rateLimits: {
      login: { max: 10, windowMs: 60_000 },
      sms: { max: 5, windowMs: 60_000 },
      reset: { max: 5, windowMs: 60_000 },
      oauth: { max: 60, windowMs: 60_000 },
      // Per IP: files are up to 4 MB each.
      uploads: { max: 30, windowMs: 60_000 },
      payment: { max: 10, windowMs: 60_000 },
      promocode: { max: 30, windowMs: 60_000 },
    },
    // A family's basket fits (a format's max_count is 10); a script from one address holds 100 at most.
    holdCaps: { perEmail: 30, perAddress: 100 },
    waitlistOfferMs: 24 * 3_600_000,
    supportEmail: 'support@geroi.example',
    // Catalogue answers are reused for 5 s: PGlite computes on this thread, and recomputing the
    // event list (~9 ms) every second showed in the p99 under load. Stock is rechecked when selling.
    responseCacheMs: 5000,
    payment: { holdMs: 15 * 60_000, sweepIntervalMs: 60_000, sandboxSecret: newSandboxSecret() },
    identity: {
      gid: { issuer: LOCAL_IDP_URL, clientId: 'demo-site', verifiesContacts: true },
      vk: { issuer: LOCAL_IDP_URL, clientId: 'vk', verifiesContacts: false },
      google: { issuer: LOCAL_IDP_URL, clientId: 'google', verifiesContacts: true },
    },
    ...overrides,
  };
}
