import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { isApiError, requestParsed } from '../../../lib/api-client';
import { removeToken } from '../../../lib/auth';
import type { ParticipantInfo } from '../../participant/participant-schema';
import { ticketsKey } from './get-tickets';

/** PUT /api/user/ticket: registers the participant; a refused field comes back as `{ message, field }`. */
export const registerTicket = (body: { public_id: string; info: ParticipantInfo }) =>
  requestParsed(z.looseObject({ public_id: z.optional(z.string()) }), { url: '/api/user/ticket', method: 'PUT', data: body });

/** Its refusals show in the form; an ended session still goes to /login (a 403 also forgets the token). */
export function useRegisterTicket() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: registerTicket,
    meta: { globalErrors: false },
    onError: (error) => {
      if (!isApiError(error) || (error.status !== 401 && error.status !== 403)) return;
      if (error.status === 403) removeToken();
      navigate('/login');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}
