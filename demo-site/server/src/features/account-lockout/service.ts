import { inArray } from 'drizzle-orm';
import type { LockoutRule } from '../../config';
import { rateLimits } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { tooManyRequests } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { countHit, readHits, uncountHit } from '../rate-limits/service';
import { findUserById, lastKnownLanguage, type UserRow } from '../users/service';
import { codesLockedLetter, lockDuration, passwordLockedLetter } from './letters';

/**
 * Lockouts after repeated failures — wrong passwords of an account, wrong codes of a phone or e-mail —
 * on the shared counters of `rate_limits`, so every server process sees them. A subject collects
 * failures in a window; the failure that reaches `maxFailures` locks it for `lockMs` (and each further
 * failure in the window locks it again), and the owner is told once per window.
 */
type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'config'>;

const failedKey = (subject: string) => `lockout-failed:${subject}`;
const lockedKey = (subject: string) => `lockout-locked:${subject}`;

/** A lock's length as the messages say it: `15 мин.`, `24 ч.` (abbreviated, as the cooldown's `сек.`). */
const duration = (ms: number) => lockDuration(ms, 'ru');

export const lockoutMessages = {
  password: (lockMs: number) =>
    `Слишком много неудачных попыток входа. Вход паролем приостановлен на ${duration(lockMs)} Попробуйте позже или восстановите пароль`,
  codes: (lockMs: number) => `Слишком много неверных кодов. Попробуйте через ${duration(lockMs)}`,
} as const;

/** Whether `subject` is locked out now (one indexed read). */
export async function isLockedOut(deps: Pick<Deps, 'db' | 'clock'>, subject: string): Promise<boolean> {
  return (await readHits(deps, lockedKey(subject))) > 0;
}

/**
 * Counts one failure of `subject`. `locked`: this failure (or an earlier one in the window) reached the
 * limit and the subject is locked for `lockMs` from now; `first` is true for the failure that reached it.
 */
export async function countFailure(
  deps: Pick<Deps, 'db' | 'clock'>,
  subject: string,
  rule: LockoutRule,
): Promise<{ locked: boolean; first: boolean }> {
  const { hits } = await countHit(deps, failedKey(subject), rule.failureWindowMs);
  if (hits < rule.maxFailures) return { locked: false, first: false };
  await countHit(deps, lockedKey(subject), rule.lockMs);
  return { locked: true, first: hits === rule.maxFailures };
}

/** Forgets `subject`'s failures and lock (its owner proved it is them another way). */
export async function clearLockout(deps: Pick<Deps, 'db'>, subject: string): Promise<void> {
  await deps.db.delete(rateLimits).where(inArray(rateLimits.key, [failedKey(subject), lockedKey(subject)]));
}

/**
 * The subject of an account's password failures. Every address has one, registered or not, so an
 * unknown address is locked after as many failures as a known one: the 429 tells nothing about who
 * has an account.
 */
export const passwordSubject = (user: { id: number } | undefined, email: string) =>
  user ? `password:user:${user.id}` : `password:email:${email.toLowerCase()}`;

/** Refuses (429) while the account's password sign-in is locked. */
export async function assertPasswordNotLocked(deps: Deps, subject: string): Promise<void> {
  if (await isLockedOut(deps, subject)) throw tooManyRequests(lockoutMessages.password(deps.config.passwordLockout.lockMs));
}

/** One password check, counted before it is made: the caller reports how it went. */
export interface PasswordAttempt {
  /** The password was wrong: the attempt stays counted; the one that locks tells the owner. */
  failed(owner: UserRow | undefined): Promise<void>;
  /** The password was right: the attempt is taken back (and a lock it took, lifted). */
  succeeded(): Promise<void>;
}

/**
 * Counts a password check of `subject` BEFORE it is made (issue 33, finding 3): the count is an atomic
 * upsert in the database, so a burst of guesses sent at once — from as many addresses as the attacker
 * likes, to as many server processes — gets at most `maxFailures` checks between them; the rest are the
 * 429 without a check. The attempt that reaches the limit takes the lock as it is counted (one lock
 * row's first hit: only one attempt at a time may hold it), and so does the single attempt allowed
 * after a lock ran out while the window lasts (each further failure locks it again). A right password
 * gives its attempt back. Throws the 429 when the check may not be made.
 */
export async function claimPasswordAttempt(deps: Deps, subject: string, language: ContentLanguage = 'ru'): Promise<PasswordAttempt> {
  const rule = deps.config.passwordLockout;
  const refuse = () => tooManyRequests(lockoutMessages.password(rule.lockMs));
  if (await isLockedOut(deps, subject)) throw refuse();
  const { hits } = await countHit(deps, failedKey(subject), rule.failureWindowMs);
  let holdsLock = false;
  if (hits >= rule.maxFailures) {
    // The last check the window allows, or the one after a lock ran out: whoever counts the lock row first.
    const lock = await countHit(deps, lockedKey(subject), rule.lockMs);
    if (lock.hits > 1) throw refuse();
    holdsLock = true;
  }
  return {
    failed: async (owner) => {
      if (hits !== rule.maxFailures || !owner) return;
      await tellPasswordOwner(deps, owner, language);
    },
    succeeded: async () => {
      await uncountHit(deps, failedKey(subject));
      if (holdsLock) await deps.db.delete(rateLimits).where(inArray(rateLimits.key, [lockedKey(subject)]));
    },
  };
}

/**
 * Checks a password of `subject` with `check`, counted first (claimPasswordAttempt): true when right;
 * a wrong one is counted and answers false; over the limit, the 429.
 */
export async function checkCountedPassword(
  deps: Deps,
  subject: string,
  owner: UserRow | undefined,
  check: () => Promise<boolean>,
  language: ContentLanguage = 'ru',
): Promise<boolean> {
  const attempt = await claimPasswordAttempt(deps, subject, language);
  if (await check()) {
    await attempt.succeeded();
    return true;
  }
  await attempt.failed(owner);
  return false;
}

/**
 * The language of a letter to an account's owner about attempts someone else may have made: the one
 * the owner last used (their newest order), else the request's (`language`).
 */
const ownerLanguage = async (deps: Deps, owner: UserRow | undefined, language: ContentLanguage): Promise<ContentLanguage> =>
  (owner?.email ? await lastKnownLanguage(deps.db, owner.email) : null) ?? language;

/** The owner of an account whose password sign-in just locked: its confirmed e-mail, else its confirmed phone. */
async function tellPasswordOwner(deps: Deps, owner: UserRow, requestLanguage: ContentLanguage): Promise<void> {
  const letter = passwordLockedLetter(await ownerLanguage(deps, owner, requestLanguage), deps.config.passwordLockout);
  if (owner.email && owner.emailConfirmedAt) {
    await deps.email.send({ to: owner.email, ...letter, meta: { kind: 'password_locked' } });
  } else if (owner.phone && owner.phoneConfirmedAt) {
    await deps.sms.send({ to: owner.phone, text: letter.text, meta: { kind: 'password_locked' } });
  }
}

/**
 * Tells the owner of a code target that its codes are locked: the phone itself, or — for an account's
 * proof codes (`user:{id}`) — the account's confirmed e-mail, else its confirmed phone.
 */
export async function tellCodeOwner(deps: Deps, target: string, language: ContentLanguage = 'ru'): Promise<void> {
  const lockMs = deps.config.sms.lockout.lockMs;
  const meta = { kind: 'codes_locked' };
  const account = /^user:(\d+)$/.exec(target);
  if (!account) {
    await deps.sms.send({ to: target, text: codesLockedLetter(language, lockMs).text, meta });
    return;
  }
  const owner = await findUserById(deps.db, Number(account[1]));
  const letter = codesLockedLetter(await ownerLanguage(deps, owner, language), lockMs);
  if (owner?.email && owner.emailConfirmedAt) await deps.email.send({ to: owner.email, ...letter, meta });
  else if (owner?.phone && owner.phoneConfirmedAt) await deps.sms.send({ to: owner.phone, text: letter.text, meta });
}
