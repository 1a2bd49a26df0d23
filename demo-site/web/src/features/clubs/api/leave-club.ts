import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { userClubsQueryKey } from './get-user-clubs';
import { clubMembershipResponse } from './join-club';

/** PUT /api/user/club/pull/{id} (signed in): leaves a club; the response carries the club. */
export const leaveClub = (clubId: string) =>
  requestParsed(clubMembershipResponse, { url: `/api/user/club/pull/${encodeURIComponent(clubId)}`, method: 'PUT' });

export function useLeaveClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveClub,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userClubsQueryKey }),
  });
}
