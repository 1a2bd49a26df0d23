import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { eventSchema } from './schemas';

/** GET /api/event/list: upcoming events with their cities (ticketing-shop §7, `values`). */
export const eventListResponse = z.object({ values: z.array(eventSchema) });
export type EventListResponse = z.infer<typeof eventListResponse>;

export const getEvents = (signal?: AbortSignal) => requestParsed(eventListResponse, { url: '/api/event/list', signal });

export const eventsQuery = () => queryOptions({ queryKey: ['events'], queryFn: ({ signal }) => getEvents(signal) });

export const useEvents = () => useQuery(eventsQuery());
