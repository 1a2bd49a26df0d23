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

  /** A notice without a code (a lockout told to the phone's owner). */
  notify(to: string, text: string): SmsMessage {
    const message: SmsMessage = { id: randomUUID(), to, code: '', text, created_at: new Date(this.now()).toISOString() };
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
  /**
   * The 4 digits stay, so these carry the weight: without them every resend gave a fresh code and 5 more
   * guesses (~2,000 resends cover the space). Per phone across interactions, and per client address.
   */
  resendCooldownMs: number;
  codesPerPhoneHourly: number;
  failuresPerPhoneHourly: number;
  codesPerAddressHourly: number;
  failuresPerAddressHourly: number;
  /** Codes to one phone in 24 hours, besides the hourly cap. */
  codesPerPhoneDaily: number;
  /** Wrong codes for one phone in 24 hours that lock its codes for `lockoutMs` (its owner told by SMS). */
  lockoutFailuresDaily: number;
  lockoutMs: number;
}

export const DEFAULT_SMS_POLICY: SmsPolicy = {
  codeTtlMs: 5 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 60_000,
  codesPerPhoneHourly: 5,
  failuresPerPhoneHourly: 10,
  codesPerAddressHourly: 20,
  failuresPerAddressHourly: 30,
  // At most ~20 guesses of 10,000 a day against one phone.
  codesPerPhoneDaily: 10,
  lockoutFailuresDaily: 20,
  lockoutMs: 24 * 60 * 60_000,
};

export type IssueOutcome =
  | { sent: true }
  | { sent: false; waitSeconds: number }
  | { sent: false; tooMany: 'hour' | 'day' }
  | { sent: false; locked: true };

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Times of events per key within the last `windowMs` (in memory: the idp is one process). */
class EventLog {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly windowMs = HOUR,
  ) {}

  count(key: string): number {
    return this.recent(key).length;
  }

  last(key: string): number | undefined {
    return this.recent(key).at(-1);
  }

  add(key: string): void {
    this.events.set(key, [...this.recent(key), this.now()]);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const times = (this.events.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length) this.events.set(key, times);
    else this.events.delete(key);
    return times;
  }
}

interface Challenge {
  phone: string;
  code: string;
  expiresAt: number;
  failures: number;
  verified: boolean;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'too_many' | 'locked' | 'missing';

/** A lock's length as the messages say it: `15 мин.`, `24 ч.` */
export const lockDuration = (ms: number) =>
  ms < 2 * HOUR ? `${Math.max(1, Math.round(ms / 60_000))} мин.` : `${Math.round(ms / HOUR)} ч.`;

const LOCKED_NOTICE = (ms: number) =>
  `Газпром ID: много раз ввели неверный код для входа по вашему номеру. Вход по коду приостановлен на ${lockDuration(ms)} Если это были не вы, никому не сообщайте коды из SMS.`;

/**
 * SMS codes keyed by the sign-in interaction, so a code only completes the sign-in it was asked
 * for. Kept in memory: a code outlives no restart, which only means asking for a new one.
 */
export class SmsChallenges {
  private readonly challenges = new Map<string, Challenge>();
  private readonly issued: EventLog;
  private readonly failures: EventLog;
  private readonly issuedToday: EventLog;
  private readonly failuresToday: EventLog;
  /** Phone → until when its codes are locked. */
  private readonly locks = new Map<string, number>();

  constructor(
    private readonly outbox: SmsOutbox,
    private readonly now: () => number,
    private readonly policy: SmsPolicy = DEFAULT_SMS_POLICY,
  ) {
    this.issued = new EventLog(now);
    this.failures = new EventLog(now);
    this.issuedToday = new EventLog(now, DAY);
    this.failuresToday = new EventLog(now, DAY);
  }

  /** How long a lock lasts (for the messages). */
  get lockoutMs(): number {
    return this.policy.lockoutMs;
  }

  /** Whether the phone's codes are locked after too many wrong ones. */
  locked(phone: string): boolean {
    const until = this.locks.get(phone);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.locks.delete(phone);
    return false;
  }

  /**
   * Sends a fresh code to `phone`, replacing any earlier code of this interaction — unless the phone had
   * one less than `resendCooldownMs` ago (in any interaction), or the phone or the caller's `address`
   * used up its codes for the hour. A refused request keeps the earlier code working.
   */
  issue(key: string, phone: string, address = 'unknown'): IssueOutcome {
    this.prune();
    if (this.locked(phone)) return { sent: false, locked: true };
    const last = this.issued.last(`phone:${phone}`);
    const wait = last === undefined ? 0 : last + this.policy.resendCooldownMs - this.now();
    if (wait > 0) return { sent: false, waitSeconds: Math.ceil(wait / 1000) };
    if (
      this.issued.count(`phone:${phone}`) >= this.policy.codesPerPhoneHourly ||
      this.issued.count(`address:${address}`) >= this.policy.codesPerAddressHourly
    ) {
      return { sent: false, tooMany: 'hour' };
    }
    if (this.issuedToday.count(phone) >= this.policy.codesPerPhoneDaily) return { sent: false, tooMany: 'day' };
    this.issuedToday.add(phone);
    this.issued.add(`phone:${phone}`);
    this.issued.add(`address:${address}`);
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    this.challenges.set(key, { phone, code, expiresAt: this.now() + this.policy.codeTtlMs, failures: 0, verified: false });
    this.outbox.send(phone, code);
    return { sent: true };
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

  /**
   * Checks a code of this interaction. Wrong guesses count against the code (`maxAttempts`), and against
   * its phone and the caller's address for the hour, across interactions and fresh codes.
   */
  check(key: string, code: string, address = 'unknown'): CodeCheck {
    const challenge = this.challenges.get(key);
    if (!challenge) return 'missing';
    if (this.locked(challenge.phone)) return 'locked';
    if (challenge.failures >= this.policy.maxAttempts) return 'too_many';
    if (
      this.failures.count(`phone:${challenge.phone}`) >= this.policy.failuresPerPhoneHourly ||
      this.failures.count(`address:${address}`) >= this.policy.failuresPerAddressHourly
    ) {
      return 'too_many';
    }
    if (this.now() >= challenge.expiresAt) return 'expired';
    if (challenge.code !== code) {
      challenge.failures += 1;
      this.failures.add(`phone:${challenge.phone}`);
      this.failures.add(`address:${address}`);
      this.failuresToday.add(challenge.phone);
      if (this.failuresToday.count(challenge.phone) >= this.policy.lockoutFailuresDaily) {
        // The lock starts (or restarts) now; the owner hears of it once a lock.
        if (!this.locked(challenge.phone)) this.outbox.notify(challenge.phone, LOCKED_NOTICE(this.policy.lockoutMs));
        this.locks.set(challenge.phone, this.now() + this.policy.lockoutMs);
        return 'locked';
      }
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
