import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { eventBaseSchema, eventCitySchema } from './schemas';

/** The calendar's filters: city id, event type public id, a date window (YYYY-MM-DD, inclusive). */
export interface EventCityFilter {
  city_id?: number | undefined;
  event_type?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  limit?: number;
  offset?: number;
}

export const filteredEventCitySchema = z.object({
  ...eventCitySchema.shape,
  min_price: z.nullish(z.number()),
  event: eventBaseSchema,
});
export type FilteredEventCity = z.infer<typeof filteredEventCitySchema>;

export const filteredEventCitiesResponse = z.object({ values: z.array(filteredEventCitySchema), count: z.optional(z.number()) });

function body(filter: EventCityFilter) {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
}

/** POST /api/event_city/filtered: upcoming event cities by city, type and dates (`values`). */
export const filterEventCities = (filter: EventCityFilter, signal?: AbortSignal) =>
  requestParsed(filteredEventCitiesResponse, { url: '/api/event_city/filtered', method: 'POST', data: body(filter), signal });

export const filteredEventCitiesQuery = (filter: EventCityFilter) =>
  queryOptions({
    queryKey: ['event-cities', 'filtered', body(filter)],
    queryFn: ({ signal }) => filterEventCities(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useFilteredEventCities = (filter: EventCityFilter) => useQuery(filteredEventCitiesQuery(filter));
