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
  start_time: z.nullish(z.string()),
  address: z.nullish(z.string()),
  timezone: z.nullish(z.string()),
  event_city: z.nullish(z.object({ public_id: z.string() })),
  event: z.nullish(z.object({ public_id: z.string(), title: z.string() })),
});
export type EventFormat = z.infer<typeof eventFormatSchema>;

export const eventFormatsResponse = z.object({ values: z.array(eventFormatSchema), city: z.nullish(citySchema) });

/** GET /api/event_format/event/{id}: the formats of an event city (`values`, `city`). */
export const getEventFormats = (eventCityId: string, signal?: AbortSignal) =>
  requestParsed(eventFormatsResponse, { url: `/api/event_format/event/${encodeURIComponent(eventCityId)}`, signal });

export const eventFormatsQuery = (eventCityId: string) =>
  queryOptions({ queryKey: ['event-formats', eventCityId], queryFn: ({ signal }) => getEventFormats(eventCityId, signal) });

export const useEventFormats = (eventCityId: string | null) =>
  useQuery({ ...eventFormatsQuery(eventCityId ?? ''), enabled: eventCityId !== null });
