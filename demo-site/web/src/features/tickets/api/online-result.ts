import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';

const onlineSchema = z.object({ public_id: z.string(), result: z.nullable(z.string()), submitted_at: z.nullable(z.string()) });
export type OnlineResult = z.infer<typeof onlineSchema>;

/** GET /api/user/ticket/online/{id}: the time the holder sent for a virtual format, if any. */
export const onlineResultQuery = (id: string) =>
  queryOptions({
    queryKey: [...ticketsKey, 'online', id],
    queryFn: ({ signal }) => requestParsed(onlineSchema, { url: `/api/user/ticket/online/${encodeURIComponent(id)}`, signal }),
    staleTime: 0,
  });

export const useOnlineResult = (id: string, enabled: boolean) => useQuery({ ...onlineResultQuery(id), enabled });

/** PUT /api/user/ticket/online: sends (or replaces) the time; a refusal comes back with the server's message. */
export const sendOnlineResult = (body: { public_id: string; result: string }) =>
  requestParsed(onlineSchema, { url: '/api/user/ticket/online', method: 'PUT', data: body });

export function useSendOnlineResult(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOnlineResult,
    meta: { globalErrors: false },
    onSuccess: (answer) => queryClient.setQueryData(onlineResultQuery(id).queryKey, answer),
  });
}
