import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const methodSchema = z.object({ public_id: z.string(), name: z.string(), pickup: z.boolean() });
export type DeliveryMethod = z.infer<typeof methodSchema>;
const placeSchema = z.object({ id: z.number(), name_ru: z.string() });

/** GET /api/delivery/shop: the delivery methods of shop goods. */
export const deliveryMethodsQuery = () =>
  queryOptions({
    queryKey: ['delivery', 'shop'],
    queryFn: ({ signal }) => requestParsed(z.object({ values: z.array(methodSchema) }), { url: '/api/delivery/shop', signal }),
  });

export const useDeliveryMethods = (enabled: boolean) => useQuery({ ...deliveryMethodsQuery(), enabled });

/** GET /api/location/region/list/RU and /api/location/city/region/{id}: the delivery city picker. */
export const regionsQuery = () =>
  queryOptions({
    queryKey: ['location', 'regions', 'RU'],
    queryFn: ({ signal }) => requestParsed(z.object({ values: z.array(placeSchema) }), { url: '/api/location/region/list/RU', signal }),
  });

export const useRegions = (enabled: boolean) => useQuery({ ...regionsQuery(), enabled });

export const regionCitiesQuery = (regionId: number | null) =>
  queryOptions({
    queryKey: ['location', 'cities', regionId],
    queryFn: ({ signal }) =>
      requestParsed(z.object({ values: z.array(placeSchema) }), { url: `/api/location/city/region/${regionId}`, signal }),
  });

export const useRegionCities = (regionId: number | null) => useQuery({ ...regionCitiesQuery(regionId), enabled: regionId !== null });

const priceSchema = z.object({ delivery: z.object({ cost: z.number(), pickup: z.optional(z.boolean()) }) });

/** POST /api/shop/delivery/price: what the chosen method costs to this city for these goods. */
export const useDeliveryPrice = (input: {
  cityId: number | null;
  methodId: string | null;
  goods: { public_id: string; count: number }[];
}) =>
  useQuery({
    queryKey: ['delivery', 'price', input],
    queryFn: ({ signal }) =>
      requestParsed(priceSchema, {
        url: '/api/shop/delivery/price',
        method: 'POST',
        data: { city: { id: input.cityId }, goods: input.goods, delivery_public_id: input.methodId },
        signal,
      }),
    enabled: input.cityId !== null && input.methodId !== null && input.goods.length > 0,
  });

/** GET /api/delivery/ticket?format_public_id=: the ways a format's start pack reaches the participant (none: no delivery). */
export const ticketDeliveryMethodsQuery = (formatPublicId: string) =>
  queryOptions({
    queryKey: ['delivery', 'ticket', formatPublicId],
    queryFn: ({ signal }) =>
      requestParsed(z.object({ values: z.array(methodSchema) }), {
        url: `/api/delivery/ticket?format_public_id=${encodeURIComponent(formatPublicId)}`,
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export const useTicketDeliveryMethods = (formatPublicId: string) => useQuery(ticketDeliveryMethodsQuery(formatPublicId));

/** POST /api/delivery/ticket/price: what the chosen start-pack deliveries cost to this city (the payment charges the same). */
export const useTicketDeliveryPrice = (input: {
  cityId: number | null;
  tickets: { format_public_id: string; count: number; delivery_public_id: string }[];
}) =>
  useQuery({
    queryKey: ['delivery', 'ticket-price', input],
    queryFn: ({ signal }) =>
      requestParsed(priceSchema, {
        url: '/api/delivery/ticket/price',
        method: 'POST',
        data: { city: { id: input.cityId }, tickets: input.tickets },
        signal,
      }),
    enabled: input.cityId !== null && input.tickets.length > 0,
  });
