import { randomInt, randomUUID } from 'node:crypto';

/** One SMS the provider "sent"; shown on the dev outbox page instead of a real SMS gateway. */
export interface SmsMessage {
  id: string;
  to: string;
  text: string;
  code: string;
  created_at: string;
}

/** Newest-first list of sent SMS, capped so a long-running demo does not grow without bound. */
export class SmsOutbox {
  private readonly messages: SmsMessage[] = [];

  constructor(
    private readonly now: () => number,
    private readonly limit = 200,
  ) {}

  send(to: string, code: string): SmsMessage {
    const message: SmsMessage = {
      id: randomUUID(),
      to,
      code,
      text: `Газпром ID: код для входа ${code}. Никому его не сообщайте.`,
      created_at: new Date(this.now()).toISOString(),
    };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, this.limit);
    return message;
  }

  list(): readonly SmsMessage[] {
    return this.messages;
  }
}

export interface SmsPolicy {
  /** How long a code stays valid (spec: 5 minutes). */
  codeTtlMs: number;
  /** Wrong entries allowed before the code is locked (spec: 5). */
  maxAttempts: number;
}

export const DEFAULT_SMS_POLICY: SmsPolicy = { codeTtlMs: 5 * 60_000, maxAttempts: 5 };

interface Challenge {
  phone: string;
  code: string;
  expiresAt: number;
  failures: number;
  verified: boolean;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'too_many' | 'missing';

/**
 * SMS codes keyed by the sign-in interaction, so a code only completes the sign-in it was asked
 * for. Kept in memory: a code outlives no restart, which only means asking for a new one.
 */
export class SmsChallenges {
  private readonly challenges = new Map<string, Challenge>();

  constructor(
    private readonly outbox: SmsOutbox,
    private readonly now: () => number,
    private readonly policy: SmsPolicy = DEFAULT_SMS_POLICY,
  ) {}

  /** Sends a fresh code to `phone`, replacing any earlier code of this interaction. */
  issue(key: string, phone: string): void {
    this.prune();
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    this.challenges.set(key, { phone, code, expiresAt: this.now() + this.policy.codeTtlMs, failures: 0, verified: false });
    this.outbox.send(phone, code);
  }

  /** The phone a code was sent to in this interaction, if any. */
  pendingPhone(key: string): string | undefined {
    return this.challenges.get(key)?.phone;
  }

  /** The phone proven by a correct code in this interaction (for the sign-up step). */
  verifiedPhone(key: string): string | undefined {
    const challenge = this.challenges.get(key);
    return challenge?.verified ? challenge.phone : undefined;
  }

  check(key: string, code: string): CodeCheck {
    const challenge = this.challenges.get(key);
    if (!challenge) return 'missing';
    if (challenge.failures >= this.policy.maxAttempts) return 'too_many';
    if (this.now() >= challenge.expiresAt) return 'expired';
    if (challenge.code !== code) {
      challenge.failures += 1;
      return challenge.failures >= this.policy.maxAttempts ? 'too_many' : 'wrong';
    }
    challenge.verified = true;
    return 'ok';
  }

  forget(key: string): void {
    this.challenges.delete(key);
  }

  private prune(): void {
    // Interactions expire after an hour; their challenges are of no use past that.
    const cutoff = this.now() - 60 * 60_000;
    for (const [key, challenge] of this.challenges) if (challenge.expiresAt < cutoff) this.challenges.delete(key);
  }
}
