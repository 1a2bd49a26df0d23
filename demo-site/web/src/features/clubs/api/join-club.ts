import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { userClubsQueryKey } from './get-user-clubs';
import { clubSchema } from './schemas';

/** PUT /api/user/club/new/{id} (signed in): joins a club; the response carries the club. */
export const clubMembershipResponse = z.object({ club: clubSchema });

export const joinClub = (clubId: string) =>
  requestParsed(clubMembershipResponse, { url: `/api/user/club/new/${encodeURIComponent(clubId)}`, method: 'PUT' });

export function useJoinClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinClub,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userClubsQueryKey }),
  });
}
