import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { citySchema } from './schemas';

/** GET api/event/cities: cities with upcoming events (`values`), the calendar's city filter. */
export const eventCitiesResponse = z.object({ values: z.array(citySchema) });

export const getEventCities = (signal?: AbortSignal) => requestParsed(eventCitiesResponse, { url: 'api/event/cities', signal });

export const eventCitiesQuery = () =>
  queryOptions({ queryKey: ['event-cities'], queryFn: ({ signal }) => getEventCities(signal), staleTime: 10 * 60_000 });

export const useEventCities = () => useQuery(eventCitiesQuery());
