import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verificationCodes } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import type { Clock } from '../../lib/clock';
import { newNumericCode, newToken, sha256 } from '../../lib/crypto';
import { badRequest, tooManyRequests } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { countFailure, isLockedOut, lockoutMessages, tellCodeOwner } from '../account-lockout/service';
import { countHit, readHits } from '../rate-limits/service';

/** What a one-time code proves. */
export type CodePurpose =
  | 'email_confirm'
  | 'email_change'
  | 'password_reset'
  | 'password_reset_secure'
  | 'sms_login'
  | 'sms_register'
  | 'phone_change'
  | 'account_proof'
  | 'link_proof'
  | 'sign_in_link'
  | 'social_state';

export type CodeRow = typeof verificationCodes.$inferSelect;

export const codeMessages = {
  wrong: 'Неверный код',
  expired: 'Срок действия кода истёк. Запросите новый код',
  missing: 'Сначала запросите код',
  tooManyTries: 'Превышено количество попыток. Запросите новый код',
  cooldown: (seconds: number) => `Повторно запросить код можно через ${seconds} сек.`,
  tooMany: 'Слишком много кодов на этот номер. Попробуйте через час',
  tooManyToday: 'Слишком много кодов на этот номер за сутки. Попробуйте завтра',
} as const;

/** The lockout subject of a code target (a phone, or `user:{id}` for an account's proof codes). */
const codeLockout = (target: string) => `code:${target}`;

type LinkCodeDeps = Pick<ServerDeps, 'db' | 'clock' | 'config'>;
/** The senders tell a target's owner when its codes lock (features/account-lockout). */
type CodeDeps = Pick<ServerDeps, 'db' | 'clock' | 'config' | 'email' | 'sms'>;

/** A link code for e-mail: 256 random bits, valid for `ttlMs`; earlier open codes for the same purpose and address stop working. */
export async function issueLinkCode(
  deps: LinkCodeDeps,
  input: { purpose: CodePurpose; target: string; userId: number | null; payload?: Record<string, string>; ttlMs?: number },
): Promise<string> {
  const code = newToken();
  const now = deps.clock.now();
  await closeOpenCodes(deps, input.purpose, input.target);
  await deps.db.insert(verificationCodes).values({
    purpose: input.purpose,
    target: input.target,
    userId: input.userId,
    codeHash: sha256(code),
    payload: input.payload ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (input.ttlMs ?? deps.config.emailLinkTtlMs)),
  });
  return code;
}

/** The open, unexpired link code, without using it up. */
export async function findLinkCode(deps: { db: Database; clock: Clock }, purpose: CodePurpose, code: string): Promise<CodeRow | null> {
  const [row] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.codeHash, sha256(code)), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  return row && row.expiresAt > deps.clock.now() ? row : null;
}

/** Uses a code up; false when another request used it first. */
export async function consumeCode(deps: { db: Database; clock: Clock }, id: number): Promise<boolean> {
  const used = await deps.db
    .update(verificationCodes)
    .set({ consumedAt: deps.clock.now() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}

/**
 * A 4-digit SMS code, valid 5 minutes. A new one for the same phone and purpose is refused during
 * the resend cooldown (429 with the seconds left).
 */
export async function issueSmsCode(
  deps: CodeDeps,
  input: { purpose: CodePurpose; target: string; userId: number | null },
): Promise<string> {
  const now = deps.clock.now();
  const [[last], locked] = await Promise.all([
    deps.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.target, input.target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1),
    isLockedOut(deps, codeLockout(input.target)),
  ]);
  // A locked target gets no codes it could not use.
  if (locked) throw tooManyRequests(lockoutMessages.codes(deps.config.sms.lockout.lockMs));
  const wait = last ? last.createdAt.getTime() + deps.config.sms.resendCooldownMs - now.getTime() : 0;
  if (wait > 0) throw tooManyRequests(codeMessages.cooldown(Math.ceil(wait / 1000)));
  // At most `perTargetHourly` codes an hour and `perTargetDaily` a day to one phone (or account), whichever
  // purpose and address asked. Both counters in one statement (the hits of one moment are written together).
  const [hourly, daily] = await Promise.all([
    countHit(deps, `code-issued:${input.target}`, 3_600_000),
    countHit(deps, `code-issued-daily:${input.target}`, 86_400_000),
  ]);
  if (daily.hits > deps.config.sms.perTargetDaily) throw tooManyRequests(codeMessages.tooManyToday);
  if (hourly.hits > deps.config.sms.perTargetHourly) throw tooManyRequests(codeMessages.tooMany);

  const code = newNumericCode(deps.config.sms.codeLength);
  await closeOpenCodes(deps, input.purpose, input.target);
  await deps.db.insert(verificationCodes).values({
    purpose: input.purpose,
    target: input.target,
    userId: input.userId,
    codeHash: sha256(`${input.target}:${code}`),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sms.codeTtlMs),
  });
  return code;
}

/**
 * Checks an SMS code and uses it up. Every check first takes one of the code's tries atomically, so even
 * guesses sent in parallel get at most `maxAttempts` comparisons; after the last one the code is dead.
 */
export async function checkSmsCode(
  deps: CodeDeps,
  input: { purpose: CodePurpose; target: string; code: string; language?: ContentLanguage | undefined },
): Promise<CodeRow> {
  // Wrong guesses are also capped per phone (or account) across its codes: re-issuing a code does not
  // buy another `maxAttempts` guesses without end. And so many wrong guesses a day lock the target's
  // codes for a while, its owner told. The three reads go out together.
  const failedKey = `code-failed:${input.target}`;
  const lockout = codeLockout(input.target);
  const [[row], failed, locked] = await Promise.all([
    deps.db
      .select()
      .from(verificationCodes)
      .where(
        and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.target, input.target), isNull(verificationCodes.consumedAt)),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1),
    readHits(deps, failedKey),
    isLockedOut(deps, lockout),
  ]);
  if (locked) throw tooManyRequests(lockoutMessages.codes(deps.config.sms.lockout.lockMs));
  if (!row) throw badRequest(codeMessages.missing);
  if (row.expiresAt <= deps.clock.now()) throw badRequest(codeMessages.expired);
  if (failed >= deps.config.sms.failedChecksHourly) throw tooManyRequests(codeMessages.tooManyTries);
  const [counted] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, deps.config.sms.maxAttempts)))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw tooManyRequests(codeMessages.tooManyTries);
  if (row.codeHash !== sha256(`${input.target}:${input.code}`)) {
    const [, lock] = await Promise.all([countHit(deps, failedKey, 3_600_000), countFailure(deps, lockout, deps.config.sms.lockout)]);
    if (lock.first) await tellCodeOwner(deps, input.target, input.language);
    if (lock.locked) throw tooManyRequests(lockoutMessages.codes(deps.config.sms.lockout.lockMs));
    throw counted.attempts >= deps.config.sms.maxAttempts ? tooManyRequests(codeMessages.tooManyTries) : badRequest(codeMessages.wrong);
  }
  if (!(await consumeCode(deps, row.id))) throw badRequest(codeMessages.missing);
  return row;
}

async function closeOpenCodes(deps: { db: Database; clock: Clock }, purpose: CodePurpose, target: string): Promise<void> {
  await deps.db
    .update(verificationCodes)
    .set({ consumedAt: deps.clock.now() })
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target), isNull(verificationCodes.consumedAt)));
}
