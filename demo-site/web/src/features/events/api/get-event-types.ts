import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { eventTypeSchema } from './schemas';

/** GET api/event_type/list: event types, the calendar's type filter. */
export const eventTypesResponse = z.object({ values: z.array(eventTypeSchema) });

export const getEventTypes = (signal?: AbortSignal) => requestParsed(eventTypesResponse, { url: 'api/event_type/list', signal });

export const eventTypesQuery = () =>
  queryOptions({ queryKey: ['event-types'], queryFn: ({ signal }) => getEventTypes(signal), staleTime: 10 * 60_000 });

export const useEventTypes = () => useQuery(eventTypesQuery());
