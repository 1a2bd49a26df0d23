import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { ticketListResponse } from './schemas';

/** The three lists of the tickets page (accounts-sso §2.6): upcoming, passed on to others, past events. */
export type TicketSection = 'my' | 'transfered' | 'old';

/** GET /api/user/tickets/{section} (signed in). */
export const getTickets = (section: TicketSection, signal?: AbortSignal) =>
  requestParsed(ticketListResponse, { url: `/api/user/tickets/${section}`, signal });

/** Every ticket query starts with this key, so one invalidation refreshes all lists and pages. */
export const ticketsKey = ['user', 'tickets'] as const;

/**
 * Asked again whenever a list shows, but not within two seconds of the last answer: /me's first data,
 * fetched before its first render (the route's prefetch, app/router.tsx), is not fetched twice.
 */
export const ticketsQuery = (section: TicketSection) =>
  queryOptions({ queryKey: [...ticketsKey, section], queryFn: ({ signal }) => getTickets(section, signal), staleTime: 2_000 });

/** A list; `enabled` false until its section is expanded (the past and transferred lists load on expand). */
export const useTickets = (section: TicketSection, enabled = true) => useQuery({ ...ticketsQuery(section), enabled });
