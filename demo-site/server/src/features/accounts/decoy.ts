import { verificationCodes } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newToken, sha256 } from '../../lib/crypto';
import { type CodePurpose, issueLinkCode } from '../codes/service';

/**
 * The work of a letter with a link code, done for an address that gets no letter (issue 33, finding 6):
 * the reset, sign-in link and confirmation resend answer an unknown (or not eligible) address as they
 * answer a known one — the same words, and the same statements, so the time taken does not tell them
 * apart. A code issued for nobody (no account: it opens nothing) stands for the code; a used-up one
 * written beside it stands for the letter's outbox row.
 */
export async function decoyLetter(deps: Pick<ServerDeps, 'db' | 'clock' | 'config'>, purpose: CodePurpose, target: string): Promise<void> {
  await issueLinkCode(deps, { purpose, target, userId: null, ttlMs: 60_000 });
  const now = deps.clock.now();
  await deps.db.insert(verificationCodes).values({
    purpose,
    target,
    userId: null,
    codeHash: sha256(newToken()),
    payload: null,
    createdAt: now,
    expiresAt: now,
    consumedAt: now,
  });
}
