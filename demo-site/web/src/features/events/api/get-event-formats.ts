import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { citySchema } from './schemas';

/** An event format (ticket kind, ticketing-shop §3): price in rubles, tickets left per kind. */
export const eventFormatSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  price: z.number(),
  max_count: z.nullish(z.number()),
  tickets_left: z.nullish(z.record(z.string(), z.number())),
  is_team: z.nullish(z.boolean()),
  fixed_count: z.nullish(z.boolean()),
  team_all: z.nullish(z.boolean()),
  buy_limit: z.nullish(z.number()),
  preregistration: z.nullish(z.boolean()),
  space: z.nullish(z.boolean()),
  /** An invitation-only format: listed only with ?hidden=true, shown only through its invitation link. */
  hidden: z.nullish(z.boolean()),
  notes: z.nullish(z.string()),
  start_time: z.nullish(z.string()),
  address: z.nullish(z.string()),
  timezone: z.nullish(z.string()),
  event_city: z.nullish(z.object({ public_id: z.string() })),
  event: z.nullish(z.object({ public_id: z.string(), title: z.string() })),
});
export type EventFormat = z.infer<typeof eventFormatSchema>;

export const eventFormatsResponse = z.object({ values: z.array(eventFormatSchema), city: z.nullish(citySchema) });

/**
 * GET /api/event_format/event/{id}: the formats of an event city (`values`, `city`); with `hidden`
 * (?hidden=true) the invitation-only ones too.
 */
export const getEventFormats = (eventCityId: string, signal?: AbortSignal, hidden = false) =>
  requestParsed(eventFormatsResponse, {
    url: `/api/event_format/event/${encodeURIComponent(eventCityId)}${hidden ? '?hidden=true' : ''}`,
    signal,
  });

export const eventFormatsQuery = (eventCityId: string, hidden = false) =>
  queryOptions({
    queryKey: hidden ? ['event-formats', eventCityId, 'hidden'] : ['event-formats', eventCityId],
    queryFn: ({ signal }) => getEventFormats(eventCityId, signal, hidden),
  });

export const useEventFormats = (eventCityId: string | null, hidden = false) =>
  useQuery({ ...eventFormatsQuery(eventCityId ?? '', hidden), enabled: eventCityId !== null });

/** A partner's format (ticketing-shop: GET /api/external/formats/{event_city_id}): sold on the partner's site. */
export const partnerFormatSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  price: z.number(),
  link: z.string(),
  start_time: z.nullish(z.string()),
});
export type PartnerFormat = z.infer<typeof partnerFormatSchema>;

const partnerFormatsResponse = z.object({ values: z.array(partnerFormatSchema) });

export const usePartnerFormats = (eventCityId: string) =>
  useQuery({
    queryKey: ['external-formats', eventCityId],
    queryFn: ({ signal }) =>
      requestParsed(partnerFormatsResponse, { url: `/api/external/formats/${encodeURIComponent(eventCityId)}`, signal }),
  });
