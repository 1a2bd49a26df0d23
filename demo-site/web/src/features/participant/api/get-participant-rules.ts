import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { type ParticipantFormatInput, participantRules } from '../participant-schema';

const formatRulesSchema = z.looseObject({
  start_time: z.nullish(z.string()),
  age_min: z.nullish(z.number()),
  age_max: z.nullish(z.number()),
  regions: z.nullish(z.array(z.object({ id: z.number(), name_ru: z.nullish(z.string()) }))),
  shirt_unavailable: z.nullish(z.boolean()),
  select: z.nullish(z.object({ title: z.string(), values: z.array(z.string()) })),
  clusters: z.nullish(z.array(z.object({ name: z.string(), document: z.nullish(z.boolean()) }))),
  license_file: z.nullish(z.boolean()),
  additional_fields: z.nullish(
    z.array(z.object({ name: z.string(), label: z.string(), required: z.nullish(z.boolean()), register: z.nullish(z.string()) })),
  ),
});
const shirtsSchema = z.object({
  values: z.array(z.looseObject({ size: z.nullish(z.array(z.object({ size: z.string(), count: z.number() }))) })),
});

/**
 * What a ticket's format asks of its participant (GET /api/event_format/{id}) with the event's shirt
 * sizes in stock (GET /api/shop/shirts/{eventCityId}), as the participant form's rules; null while loading.
 * One hook for the basket's participant tabs and the cabinet's ticket registration, so both forms
 * apply the same rules.
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
