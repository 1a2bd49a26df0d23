import type { CheckinAnswer, CheckinBody, StaffTicketList } from '@gid/server/checkin-wire';
import { request } from '../../../lib/api-client';

/** An event city the signed-in person checks tickets in at (GET /api/staff/events). */
export interface StaffEvent {
  event_city_id: string;
  title: string;
  city: string;
  address: string;
  start_time: string;
  timezone: string;
}

// The shapes of the list, the scan and its answer are the server's own (types only, erased from the bundle).
export type { CheckinAnswer, CheckinBody, PublicEventKey, StaffTicket, StaffTicketList } from '@gid/server/checkin-wire';

export const getStaffEvents = () => request<{ values: StaffEvent[] }>({ url: '/api/staff/events' }).then((answer) => answer.values);

export const getStaffTickets = (eventCityId: string, since?: string) =>
  request<StaffTicketList>({ url: `/api/staff/events/${encodeURIComponent(eventCityId)}/tickets`, params: { since } });

export const getStaffCounts = (eventCityId: string) =>
  request<{ checked_in: number; sold: number }>({ url: `/api/staff/events/${encodeURIComponent(eventCityId)}/counts` });

export const postCheckin = (body: CheckinBody) =>
  request<CheckinAnswer>({ url: '/api/staff/checkin', method: 'POST', data: body, timeoutMs: 5000 });
