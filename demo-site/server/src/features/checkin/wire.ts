// The check-in API's shapes on the wire (issue 24), shared with the web app's scanner as a types-only
// import (`@gid/server/checkin-wire`, mapped by the web's tsconfig paths; erased from its bundle).
// No imports here: the web's type check reads this file as it is.

/** POST /api/staff/checkin. `qr` is a signed code, or `manual:<ticket public id>` from the manual search. */
export interface CheckinBody {
  qr: string;
  scan_id: string;
  device: string;
  scanned_at: string;
}

/** Its answer. */
export interface CheckinAnswer {
  status: 'ok' | 'duplicate' | 'refused';
  reason?: string;
  /** What the volunteer reads: the start number, the participant, the format. Null when the code names no ticket the scanner may see. */
  ticket: { number: number; participant: string; format: string } | null;
  /** For a duplicate: the scan that checked the ticket in. */
  first_scan?: { scanned_at: string; checked_at: string; device: string };
}

/** A later scan of a checked-in ticket: when it was scanned (ISO) and at which device. */
export interface CheckinRepeat {
  c: string;
  d: string;
}

/** The staff list of an event city: one entry per active ticket, what a scanner shows and checks offline. */
export interface StaffTicket {
  /** Ticket public id. */
  id: string;
  /** Current code version (an older one is «Билет передан»). */
  v: number;
  /** Start number. */
  n: number;
  /** Participant. */
  p: string;
  /** Index into `formats`. */
  f: number;
  /** Checked in: when scanned (ISO) and at which device. */
  c?: string;
  d?: string;
  /** Scanned again after its check-in (duplicates that reached the server): the last five, oldest first, and how many in all. */
  r?: CheckinRepeat[];
  rn?: number;
}

/** The public half of an event city's Ed25519 key (a JWK), as scanners get it. */
export interface PublicEventKey {
  kid: string;
  jwk: { kty: string; crv?: string; x?: string; kid?: string; alg?: string };
  active: boolean;
}

/** GET /api/staff/events/{event_city_id}/tickets[?since=]: the list (or its delta), the revoked tickets, the keys. */
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
