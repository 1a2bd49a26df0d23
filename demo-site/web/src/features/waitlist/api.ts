import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request, requestParsed } from '../../lib/api-client';

/** The waiting list's calls (issue 35). */
const joinSchema = z.object({ position: z.number(), status: z.string() });

/** POST /api/waitlist: a signed-in person joins with their account's e-mail, a guest with `email`. */
export const joinWaitlist = (formatPublicId: string, email?: string) =>
  requestParsed(joinSchema, {
    url: '/api/waitlist',
    method: 'POST',
    data: { format_public_id: formatPublicId, ...(email ? { email } : {}) },
  });

/** DELETE /api/waitlist/{format_public_id}. */
export const leaveWaitlist = (formatPublicId: string) =>
  request({ url: `/api/waitlist/${encodeURIComponent(formatPublicId)}`, method: 'DELETE' });

const entrySchema = z.object({
  format_public_id: z.string(),
  format_title: z.string(),
  event_public_id: z.string(),
  event_title: z.string(),
  event_city_public_id: z.string(),
  start_time: z.string(),
  status: z.string(),
  position: z.number(),
  offer_expires_at: z.nullable(z.string()),
});
export type WaitlistEntry = z.infer<typeof entrySchema>;
const listSchema = z.object({ values: z.array(entrySchema) });

export const myWaitlistQuery = () =>
  queryOptions({ queryKey: ['user', 'waitlist'], queryFn: () => requestParsed(listSchema, { url: '/api/user/waitlist' }) });
export const useMyWaitlist = () => useQuery(myWaitlistQuery());

const offerSchema = z.object({
  format_public_id: z.string(),
  event_public_id: z.string(),
  event_city_public_id: z.string(),
  email: z.string(),
  offer_expires_at: z.string(),
});
/** GET /api/waitlist/offer/{code}: the offer a letter's link names (404 once used or run out). */
export const getOffer = (code: string) => requestParsed(offerSchema, { url: `/api/waitlist/offer/${encodeURIComponent(code)}` });

const leaveSchema = z.object({ event_title: z.string(), format_title: z.string() });
/** GET /api/waitlist/leave/{token}: what a letter's leave link would leave (nothing is changed). */
export const describeLeave = (token: string) => requestParsed(leaveSchema, { url: `/api/waitlist/leave/${encodeURIComponent(token)}` });
/** POST /api/waitlist/leave/{token}: leaves, without signing in. */
export const leaveByLink = (token: string) => request({ url: `/api/waitlist/leave/${encodeURIComponent(token)}`, method: 'POST' });
