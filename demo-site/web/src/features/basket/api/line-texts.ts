import { useQuery } from '@tanstack/react-query';
import { productQuery } from '../../shop/api/get-product';
import type { BasketItem } from '../basket-items';
import { eventFormatOptionsQuery } from './event-format';
import { useInsuranceTitle } from './insurances';
import { useTeams } from './teams';

/**
 * The texts a basket line shows in the site's language now. A line keeps the texts of the language it
 * was added in (the stored basket item, ticketing-shop §3: title, event title, address, team name); they
 * are read again from the answers in the current language, which are fetched again when the language
 * changes (lib/query-language.ts): a ticket's from its format (GET /api/event_format/{id}: title,
 * event title, address), a shop product's from the product (GET /api/shop/product/{id}: title, size
 * name), a joined team's from the team list, an insurance's from the offers. The stored text stays while an answer loads or when it
 * lacks one. The basket item itself is never rewritten: its shape and storage stay as the spec says.
 */
export interface LineTexts {
  title: string;
  /** A ticket's event and address; null for other lines. */
  eventTitle: string | null;
  address: string | null;
  /** A shop line's size as the current language names it; null without a size. */
  size: string | null;
  /** The name of the team a team line joins; null when it makes a new team. */
  joinedTeam: string | null;
}

/** The current-language text when the answer has one, else the stored one. */
const current = <T extends string | null>(answer: string | null | undefined, stored: T): string | T => answer || stored;

export function useLineTexts(item: BasketItem | null): LineTexts {
  const ticket = item?.selector === 'ticket' ? item : null;
  const shop = item?.selector === 'shop' ? item : null;
  const format = useQuery({ ...eventFormatOptionsQuery(ticket?.format_public_id ?? ''), enabled: ticket !== null });
  const product = useQuery({ ...productQuery(shop?.public_id ?? ''), enabled: shop !== null, staleTime: 300_000 });
  const joining = Boolean(ticket?.isTeam && ticket.team_public_id);
  const teams = useTeams(ticket?.format_public_id ?? '', joining);
  // An insurance's from the offers (GET /api/insurances).
  const insuranceTitle = useInsuranceTitle(item?.selector === 'insurance' ? item : null);
  if (ticket) {
    const answer = format.data;
    const team = joining ? teams.data?.values.find((one) => one.public_id === ticket.team_public_id)?.name : null;
    return {
      title: current(answer?.title, ticket.title),
      eventTitle: current(answer?.event?.title, ticket.event.title),
      address: current(answer?.address, ticket.address || null),
      size: null,
      joinedTeam: joining ? current(team, ticket.team_title ?? null) : null,
    };
  }
  if (shop) {
    const answer = product.data;
    // The basket keeps a size's `name` (what the server checks); English answers name it beside (`name_en`).
    const sizeName = answer?.proportions?.find((one) => one.name === shop.size)?.name_en;
    return {
      title: current(answer?.title, shop.title),
      eventTitle: null,
      address: null,
      size: shop.size ? current(sizeName, shop.size) : null,
      joinedTeam: null,
    };
  }
  return { title: insuranceTitle ?? item?.title ?? '', eventTitle: null, address: null, size: null, joinedTeam: null };
}
