import { defaultScryptCost, type ScryptCost } from './lib/crypto';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Behaviour the server is configured with (not where it listens: see main.ts). */
export interface ServerConfig {
  /** The site's origin, for links in e-mails (/verify/email/{code}…). */
  publicUrl: string;
  /** Demo mode: the dev outbox page and JSON are served. */
  demo: boolean;
  sessionTtlMs: number;
  scrypt: ScryptCost;
  sms: { codeLength: number; codeTtlMs: number; maxAttempts: number; resendCooldownMs: number };
  /** Lifetime of e-mail links: confirmation, e-mail change, password reset. */
  emailLinkTtlMs: number;
  /** Lifetime of the `secure` token between the reset-code check and the new password. */
  resetSecureTtlMs: number;
  rateLimits: { login: RateLimit; sms: RateLimit; reset: RateLimit };
  supportEmail: string;
  /** How long a public catalogue answer may be reused (0 turns the response cache off). */
  responseCacheMs: number;
}

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    publicUrl: 'http://127.0.0.1:3000',
    demo: true,
    sessionTtlMs: 30 * 86_400_000,
    scrypt: defaultScryptCost,
    sms: { codeLength: 4, codeTtlMs: 5 * 60_000, maxAttempts: 5, resendCooldownMs: 60_000 },
    emailLinkTtlMs: 24 * 3_600_000,
    resetSecureTtlMs: 15 * 60_000,
    rateLimits: {
      login: { max: 10, windowMs: 60_000 },
      sms: { max: 5, windowMs: 60_000 },
      reset: { max: 5, windowMs: 60_000 },
    },
    supportEmail: 'support@geroi.example',
    responseCacheMs: 1000,
    ...overrides,
  };
}
