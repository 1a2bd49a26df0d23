import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { isApiError, requestParsed } from '../../../lib/api-client';
import { removeToken } from '../../../lib/auth';
import { type ParticipantFormatInput, type ParticipantInfo, participantRules } from '../../participant/participant-schema';
import { ticketsKey } from './get-tickets';

const formatRulesSchema = z.looseObject({
  start_time: z.nullish(z.string()),
  age_min: z.nullish(z.number()),
  age_max: z.nullish(z.number()),
  regions: z.nullish(z.array(z.object({ id: z.number(), name_ru: z.nullish(z.string()) }))),
  shirt_unavailable: z.nullish(z.boolean()),
  select: z.nullish(z.object({ title: z.string(), values: z.array(z.string()) })),
  clusters: z.nullish(z.array(z.object({ name: z.string(), document: z.nullish(z.boolean()) }))),
  license_file: z.nullish(z.boolean()),
  additional_fields: z.nullish(z.array(z.object({ name: z.string(), label: z.string(), required: z.nullish(z.boolean()) }))),
});
const shirtsSchema = z.object({
  values: z.array(z.looseObject({ size: z.nullish(z.array(z.object({ size: z.string(), count: z.number() }))) })),
});

/**
 * What the ticket's format asks of its participant (GET /api/event_format/{id}) with the event's shirt
 * sizes in stock (GET /api/shop/shirts/{eventCityId}), as the participant form's rules; null while loading.
 */
export function useParticipantRules(formatId: string, eventCityId: string | undefined, eventStart: string) {
  const format = useQuery({
    queryKey: ['event-format', formatId],
    queryFn: ({ signal }) => requestParsed(formatRulesSchema, { url: `/api/event_format/${encodeURIComponent(formatId)}`, signal }),
  });
  const wantsShirts = format.data !== undefined && format.data.shirt_unavailable !== true && eventCityId !== undefined;
  const shirts = useQuery({
    queryKey: ['shop-shirts', eventCityId],
    queryFn: ({ signal }) => requestParsed(shirtsSchema, { url: `/api/shop/shirts/${encodeURIComponent(eventCityId ?? '')}`, signal }),
    enabled: wantsShirts,
  });
  return useMemo(() => {
    if (!format.data || (wantsShirts && shirts.isPending)) return null;
    const sizes = (shirts.data?.values[0]?.size ?? []).map((size) => ({ name: size.size, count: size.count }));
    return participantRules(format.data as ParticipantFormatInput, sizes, eventStart);
  }, [format.data, shirts.data, shirts.isPending, wantsShirts, eventStart]);
}

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
