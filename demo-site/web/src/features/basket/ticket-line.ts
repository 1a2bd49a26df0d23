import { lineTotal, type TicketLine } from './basket-items';

/** What a ticket line needs to know about the format it sells. */
export interface TicketFormatInput {
  public_id: string;
  title: string;
  price: number;
  is_team?: boolean | null | undefined;
  fixed_count?: boolean | null | undefined;
  team_all?: boolean | null | undefined;
  buy_limit?: number | null | undefined;
  preregistration?: boolean | null | undefined;
  space?: boolean | null | undefined;
  start_time?: string | null | undefined;
  address?: string | null | undefined;
}

/**
 * The basket line a format adds (ticketing-shop §3 basket item). Team tickets step by max_count
 * unless fixed_count is false (ticketing-shop §4), so a team starts at its full size; everything
 * else starts at one ticket. The server recomputes every price at payment.
 */
export function ticketLine(input: {
  format: TicketFormatInput;
  /** Seats of one step: the format's max_count, or the default 10. */
  seats: number;
  ticketsLeft: number | null;
  kind: string;
  event: { public_id: string; title: string; logo?: string | null | undefined };
  eventCity: { public_id: string; address?: string | null | undefined; start_time: string };
  promocode: string | null;
  now: number;
  uniqueId: string;
}): TicketLine {
  const { format, event, eventCity } = input;
  const isTeam = format.is_team === true;
  const count = isTeam && format.fixed_count !== false ? input.seats : 1;
  return {
    selector: 'ticket',
    public_id: format.public_id,
    unique_id: input.uniqueId,
    format_public_id: format.public_id,
    title: format.title,
    logo: event.logo ?? null,
    price: format.price,
    count,
    totalCost: lineTotal(format.price, count),
    promocode: input.promocode,
    event: { public_id: event.public_id, title: event.title },
    event_city: { public_id: eventCity.public_id },
    address: format.address ?? eventCity.address ?? '',
    start_time: format.start_time ?? eventCity.start_time,
    kind: input.kind,
    max_count: input.seats,
    fixed_count: format.fixed_count !== false,
    team_all: format.team_all === true,
    isTeam,
    buy_limit: format.buy_limit ?? null,
    tickets_left: input.ticketsLeft,
    preregistration: format.preregistration === true,
    space: format.space === true,
    addTicketToBasketTime: input.now,
    groupId: `${event.public_id}:${eventCity.public_id}`,
    isErrorTab: true,
  };
}
