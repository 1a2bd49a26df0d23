import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { clubSchema } from './schemas';

/** GET /api/clubs/{id}: one club, by public id or public name. */
export const getClub = (id: string, signal?: AbortSignal) =>
  requestParsed(clubSchema, { url: `/api/clubs/${encodeURIComponent(id)}`, signal });

export const clubQuery = (id: string) => queryOptions({ queryKey: ['clubs', id], queryFn: ({ signal }) => getClub(id, signal) });

export const useClub = (id: string) => useQuery(clubQuery(id));
