import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { clubListResponse } from './schemas';

/** GET /api/clubs: every club. */
export const getClubs = (signal?: AbortSignal) => requestParsed(clubListResponse, { url: '/api/clubs', signal });

export const clubsQuery = () => queryOptions({ queryKey: ['clubs'], queryFn: ({ signal }) => getClubs(signal) });

export const useClubs = () => useQuery(clubsQuery());
