import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { eventSchema } from './schemas';

/** GET /api/event/id/{id}: one event with all its cities. */
export const getEvent = (id: string, signal?: AbortSignal) =>
  requestParsed(eventSchema, { url: `/api/event/id/${encodeURIComponent(id)}`, signal });

export const eventQuery = (id: string) => queryOptions({ queryKey: ['events', id], queryFn: ({ signal }) => getEvent(id, signal) });

export const useEvent = (id: string) => useQuery(eventQuery(id));
