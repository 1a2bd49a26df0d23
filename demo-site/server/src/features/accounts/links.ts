import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { badRequest } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { consumeCode, findLinkCode, issueLinkCode } from '../codes/service';
import { requireProof } from '../profile/service';
import { createSession, type SignedIn } from '../sessions/service';
import { findUserByEmail, findUserById, type UserRow } from '../users/service';
import { decoyLetter } from './decoy';
import { signInLinkLetter } from './letters';
import { type ExternalProvider, requireProvenAccount } from './service';

export const linkMessages = {
  badProof: 'Подтверждение устарело. Введите пароль или код ещё раз',
  badSignInLink: 'Ссылка для входа недействительна или устарела. Запросите новую',
  signInLinkSent: 'Если этот адрес подтверждён, на него отправлена ссылка для входа',
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'geo' | 'config'>;

/** How long a sign-in link's code lives (at most 15 minutes, issue 20). */
export const signInLinkTtlMs = 15 * 60_000;
/** How long the proof given before linking a network stays good: the trip to the network and back. */
export const linkProofTtlMs = 10 * 60_000;

const accountTarget = (userId: number) => `user:${userId}`;

/**
 * POST /api/user/add/proof: the signed-in owner proves it is them (password or a code) before going to
 * a network to link it; the answer is a single-use `proof` for `POST /api/user/add/{network}`.
 */
export async function issueLinkProof(
  deps: Deps,
  user: UserRow,
  input: { current_password?: string | undefined; proof_code?: string | undefined },
  language: ContentLanguage = 'ru',
) {
  await requireProvenAccount(deps.db, user);
  await requireProof(deps, user, { password: input.current_password, code: input.proof_code, language });
  const proof = await issueLinkCode(deps, {
    purpose: 'link_proof',
    target: accountTarget(user.id),
    userId: user.id,
    payload: { via: input.proof_code ? 'code' : 'password' },
    ttlMs: linkProofTtlMs,
  });
  return { proof, expires_in: linkProofTtlMs / 1000 };
}

/** Uses a link proof up: how the owner proved it (`password` or `code`). */
export async function spendLinkProof(deps: Deps, user: UserRow, proof: string): Promise<'password' | 'code'> {
  const row = await findLinkCode(deps, 'link_proof', proof);
  if (!row || row.userId !== user.id || !(await consumeCode(deps, row.id))) throw badRequest(linkMessages.badProof);
  return row.payload?.via === 'code' ? 'code' : 'password';
}

/** The unlink call's proof: the password or a code, checked now. */
export async function checkUnlinkProof(
  deps: Deps,
  user: UserRow,
  input: { current_password?: string | undefined; proof_code?: string | undefined },
  language: ContentLanguage = 'ru',
): Promise<void> {
  await requireProvenAccount(deps.db, user);
  await requireProof(deps, user, { password: input.current_password, code: input.proof_code, language });
}

/**
 * A sign-in link's code for an account (single-use, 15 minutes): the letters put it in
 * `/loginlink#code=…`; `POST /api/auth/link/check` shows whose account it opens,
 * `POST /api/auth/link/session` exchanges it for a session. Never a session token in an address.
 */
export async function issueSignInLink(deps: Deps, user: UserRow): Promise<{ code: string; link: string }> {
  const code = await issueLinkCode(deps, {
    purpose: 'sign_in_link',
    target: accountTarget(user.id),
    userId: user.id,
    payload: { email: user.email ?? '' },
    ttlMs: signInLinkTtlMs,
  });
  return { code, link: `${deps.config.publicUrl}/loginlink#code=${code}` };
}

/**
 * POST /api/auth/link: a sign-in link to an account's confirmed e-mail. Any other address gets the
 * same answer, in the same time, and no letter (the call tells nothing about who is registered).
 */
export async function requestSignInLink(deps: Deps, email: string, language: ContentLanguage = 'ru') {
  const user = await findUserByEmail(deps.db, email);
  if (user?.email && user.emailConfirmedAt) {
    const { code, link } = await issueSignInLink(deps, user);
    await deps.email.send({
      to: user.email,
      ...signInLinkLetter(language, link),
      meta: { kind: 'sign_in_link', link, code },
    });
  } else await decoyLetter(deps, 'sign_in_link', email);
  return { message: linkMessages.signInLinkSent };
}

async function signInLinkAccount(deps: Deps, code: string) {
  const row = await findLinkCode(deps, 'sign_in_link', code);
  const user = row?.userId ? await findUserById(deps.db, row.userId) : undefined;
  // The address the link was sent to must still be the account's proven one.
  if (!row || !user?.email || !user.emailConfirmedAt || user.email !== row.payload?.email) throw badRequest(linkMessages.badSignInLink);
  return { row, user };
}

/** POST /api/auth/link/check: which account the link signs into (shown before it does). Uses nothing up. */
export async function checkSignInLink(deps: Deps, code: string) {
  const { user } = await signInLinkAccount(deps, code);
  return { email: user.email, name: user.name };
}

/** POST /api/auth/link/session: the link's code (once) for a session of its account. */
export async function exchangeSignInLink(deps: Deps, code: string, meta: RequestMeta): Promise<SignedIn> {
  const { row, user } = await signInLinkAccount(deps, code);
  if (!(await consumeCode(deps, row.id))) throw badRequest(linkMessages.badSignInLink);
  return createSession(deps, user, 'email', meta);
}

export const linkableProviders: readonly ExternalProvider[] = ['vk', 'google', 'gid'];
