import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import type { Proof } from './user';

/** A linked network or GID account (GET /api/user/links). */
export const linkedAccountSchema = z.object({
  provider: z.string(),
  email: z.nullish(z.string()),
  proven_by: z.nullish(z.string()),
  created: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

const linksSchema = z.object({ values: z.array(linkedAccountSchema) });

export const linksKey = ['user', 'links'] as const;

/** GET /api/user/links: the networks and GID accounts that sign into this account. */
export const getLinks = (signal?: AbortSignal) => requestParsed(linksSchema, { url: '/api/user/links', signal });

/** POST /api/user/unlink/{provider}: «Отвязать», with the password or a code (a session alone unlinks nothing). */
export const unlinkNetwork = ({ provider, ...proof }: { provider: string } & Proof) =>
  requestParsed(linksSchema, { url: `/api/user/unlink/${provider}`, method: 'POST', data: proof });

/** POST /api/user/add/proof: the proof linking needs, given before going to the network; a single-use `proof`. */
export const requestLinkProof = (proof: Proof) =>
  requestParsed(z.object({ proof: z.string() }), { url: '/api/user/add/proof', method: 'POST', data: proof });

/** The proof, kept for the return page in this tab only (never the password itself). */
const proofKey = 'gid.linkProof';
export const keepLinkProof = (proof: string) => sessionStorage.setItem(proofKey, proof);
export const takeLinkProof = (): string | null => {
  const proof = sessionStorage.getItem(proofKey);
  sessionStorage.removeItem(proofKey);
  return proof;
};

/** An account nobody has proven yet (the guest checkout's): its address is not confirmed and no phone is. */
export const isUnproven = (user: { email?: string | null; email_confirmed?: boolean; phone_confirmed?: boolean }): boolean =>
  Boolean(user.email) && user.email_confirmed === false && user.phone_confirmed !== true;
