import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request, requestParsed } from '../../../lib/api-client';

/** accounts-sso §3 session record, with the server's public id and whether it is open and this one. */
export const sessionSchema = z.object({
  public_id: z.string(),
  city: z.nullish(z.string()),
  country: z.nullish(z.string()),
  temp: z.string(),
  os: z.nullish(z.string()),
  browser: z.nullish(z.string()),
  method: z.nullish(z.string()),
  active: z.optional(z.boolean()),
  current: z.optional(z.boolean()),
});
export type Session = z.infer<typeof sessionSchema>;

const historyKey = ['user', 'sessions'] as const;

/** POST /api/auth/history: the sign-ins, newest first (accounts-sso §2.10). */
export const getSessions = (signal?: AbortSignal) =>
  requestParsed(z.object({ values: z.array(sessionSchema) }), { url: '/api/auth/history', method: 'POST', signal });

export const useSessions = () => useQuery({ queryKey: historyKey, queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });

/** DELETE /api/auth/session/{id}: ends one of the person's own sessions; its token is refused from then on. */
export const endSession = (publicId: string) => request({ url: `/api/auth/session/${encodeURIComponent(publicId)}`, method: 'DELETE' });

/** DELETE /api/auth/session: ends every session of the person but this one; answers how many ended. */
export const endOtherSessions = () =>
  requestParsed(z.object({ message: z.string(), revoked: z.number() }), { url: '/api/auth/session', method: 'DELETE' });

function useSessionChange<TVariables, TResult>(change: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => queryClient.invalidateQueries({ queryKey: historyKey }) });
}

export const useEndSession = () => useSessionChange(endSession);
export const useEndOtherSessions = () => useSessionChange(endOtherSessions);
