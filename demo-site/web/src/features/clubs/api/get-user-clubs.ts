import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { clubListResponse } from './schemas';

/** GET /api/user/clubs (signed in): the clubs the user belongs to. */
export const getUserClubs = (signal?: AbortSignal) => requestParsed(clubListResponse, { url: '/api/user/clubs', signal });

export const userClubsQueryKey = ['user', 'clubs'] as const;

export const userClubsQuery = () => queryOptions({ queryKey: userClubsQueryKey, queryFn: ({ signal }) => getUserClubs(signal) });

export const useUserClubs = (enabled: boolean) => useQuery({ ...userClubsQuery(), enabled });
