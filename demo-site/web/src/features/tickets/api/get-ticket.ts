import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';
import { ticketDetailsSchema, ticketResultSchema } from './schemas';

/** GET /api/user/ticket/{id}: one of the user's tickets (someone else's is a 404). */
export const getTicket = (id: string, signal?: AbortSignal) =>
  requestParsed(ticketDetailsSchema, { url: `/api/user/ticket/${encodeURIComponent(id)}`, signal });

export const ticketQuery = (id: string) =>
  queryOptions({ queryKey: [...ticketsKey, 'one', id], queryFn: ({ signal }) => getTicket(id, signal), staleTime: 0 });

export const useTicket = (id: string) => useQuery(ticketQuery(id));

/** GET /api/user/result/{id}: the finisher line; a 404 just means «no result yet» (not an error popup). */
export const getTicketResult = (id: string, signal?: AbortSignal) =>
  requestParsed(ticketResultSchema, { url: `/api/user/result/${encodeURIComponent(id)}`, signal });

export const useTicketResult = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...ticketsKey, 'result', id],
    queryFn: ({ signal }) => getTicketResult(id, signal),
    enabled,
    retry: false,
    meta: { globalErrors: false },
  });

/** The finisher certificate (a PDF the server draws): a link, as the browser downloads it with the token. */
export const certificateUrl = (id: string) => `/api/user/certificate/result/${encodeURIComponent(id)}`;
