import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { eventBaseSchema, eventCitySchema } from '../../events/api/schemas';

export interface ResultsFilter {
  city_id?: number | undefined;
  search?: string | undefined;
  limit?: number;
  offset?: number;
}

export const resultEventCitySchema = z.object({ ...eventCitySchema.shape, event: eventBaseSchema });
export type ResultEventCity = z.infer<typeof resultEventCitySchema>;

export const resultEventCitiesResponse = z.object({ values: z.array(resultEventCitySchema), count: z.optional(z.number()) });

function body(filter: ResultsFilter) {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
}

/** POST /api/results/event_city/filtered: event cities with published results (`values`). */
export const filterResults = (filter: ResultsFilter, signal?: AbortSignal) =>
  requestParsed(resultEventCitiesResponse, { url: '/api/results/event_city/filtered', method: 'POST', data: body(filter), signal });

export const resultsQuery = (filter: ResultsFilter) =>
  queryOptions({
    queryKey: ['results', 'event-cities', body(filter)],
    queryFn: ({ signal }) => filterResults(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useResultEventCities = (filter: ResultsFilter) => useQuery(resultsQuery(filter));
