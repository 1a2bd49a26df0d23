import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { citySchema } from '../../events/api/schemas';

const time = z.nullish(z.string());
const place = z.nullish(z.number());

/** One row of a results table; the columns are accounts-sso §9's result column labels. */
export const resultRowSchema = z.object({
  public_id: z.string(),
  start_number: z.nullish(z.number()),
  first_name: z.nullish(z.string()),
  last_name: z.nullish(z.string()),
  gender: z.nullish(z.string()),
  age_category: z.nullish(z.string()),
  team_name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  distance: z.nullish(z.union([z.string(), z.number()])),
  status: z.nullish(z.string()),
  start_time: time,
  finish_time: time,
  net_time: time,
  official_time: time,
  penalty_time: time,
  bonus_time: time,
  place_overall: place,
  place_gender: place,
  place_age: place,
  place_category: place,
});
export type ResultRow = z.infer<typeof resultRowSchema>;

export const eventResultsResponse = z.object({
  values: z.array(resultRowSchema),
  settings: z.nullish(
    z.object({ formats: z.array(z.object({ public_id: z.string(), title: z.string(), is_team: z.nullish(z.boolean()) })) }),
  ),
  city: z.nullish(citySchema),
  event: z.nullish(z.object({ public_id: z.string(), title: z.string() })),
  event_city: z.nullish(z.object({ public_id: z.string(), start_time: z.string() })),
});
export type EventResults = z.infer<typeof eventResultsResponse>;

export interface EventResultsFilter {
  gender?: 'male' | 'female' | undefined;
  search?: string | undefined;
}

/** GET /api/event_results/{event_city_id}/{format_id}?gender&search: a results table (`values`, `settings.formats`). */
export const getEventResults = (eventCityId: string, formatId: string, filter: EventResultsFilter, signal?: AbortSignal) =>
  requestParsed(eventResultsResponse, {
    url: `/api/event_results/${encodeURIComponent(eventCityId)}/${encodeURIComponent(formatId)}`,
    params: { gender: filter.gender, search: filter.search?.trim() },
    signal,
  });

export const eventResultsQuery = (eventCityId: string, formatId: string, filter: EventResultsFilter) =>
  queryOptions({
    queryKey: ['results', eventCityId, formatId, filter],
    queryFn: ({ signal }) => getEventResults(eventCityId, formatId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useEventResults = (eventCityId: string, formatId: string | null, filter: EventResultsFilter) =>
  useQuery({ ...eventResultsQuery(eventCityId, formatId ?? '', filter), enabled: formatId !== null });
