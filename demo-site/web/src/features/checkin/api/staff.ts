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

/** One ticket of the staff list: id, code version, start number, participant, format index, checked in (when, where). */
export interface StaffTicket {
  id: string;
  v: number;
  n: number;
  p: string;
  f: number;
  c?: string;
  d?: string;
}

export interface PublicEventKey {
  kid: string;
  jwk: JsonWebKey & { kid?: string };
  active: boolean;
}

/** GET /api/staff/events/{id}/tickets[?since=]: the list (or its delta), the revoked tickets, the event's public keys. */
export interface StaffTicketList {
  event_city_id: string;
  title: string;
  city: string;
  start_time: string;
  timezone: string;
  full: boolean;
  cursor: string;
  formats: { public_id: string; title: string }[];
  keys: PublicEventKey[];
  tickets: StaffTicket[];
  revoked: { id: string; v: number }[];
}

/** POST /api/staff/checkin. */
export interface CheckinBody {
  qr: string;
  scan_id: string;
  device: string;
  scanned_at: string;
}

export interface CheckinAnswer {
  status: 'ok' | 'duplicate' | 'refused';
  reason?: string;
  ticket: { number: number; participant: string; format: string } | null;
  first_scan?: { scanned_at: string; checked_at: string; device: string };
}

export const getStaffEvents = () => request<{ values: StaffEvent[] }>({ url: '/api/staff/events' }).then((answer) => answer.values);

export const getStaffTickets = (eventCityId: string, since?: string) =>
  request<StaffTicketList>({ url: `/api/staff/events/${encodeURIComponent(eventCityId)}/tickets`, params: { since } });

export const getStaffCounts = (eventCityId: string) =>
  request<{ checked_in: number; sold: number }>({ url: `/api/staff/events/${encodeURIComponent(eventCityId)}/counts` });

export const postCheckin = (body: CheckinBody) =>
  request<CheckinAnswer>({ url: '/api/staff/checkin', method: 'POST', data: body, timeoutMs: 5000 });
