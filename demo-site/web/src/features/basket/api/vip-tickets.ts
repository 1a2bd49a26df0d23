import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { vipListFormats } from '../basket-model';

const cardsSchema = z.object({
  values: z.array(z.looseObject({ event_format: z.nullish(z.looseObject({ public_id: z.nullish(z.string()) })) })),
});

/**
 * ticketing-shop §6: the vip ticket list (GET /api/user/tickets/my), loaded when the basket opens for
 * a vip: the formats they hold tickets of, on which a promocode may go on the vip ticket.
 */
export const useVipTicketFormats = (enabled: boolean) =>
  useQuery({
    queryKey: ['basket', 'vip-tickets'],
    queryFn: async ({ signal }) => vipListFormats((await requestParsed(cardsSchema, { url: '/api/user/tickets/my', signal })).values),
    enabled,
    staleTime: 60_000,
  });
