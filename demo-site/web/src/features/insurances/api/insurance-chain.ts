import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const formatSchema = z.object({ public_id: z.string(), title: z.string(), start_time: z.string() });

/** GET /api/insurance/event/city/formats/{eventCityId}: the formats of an event city that sell insurance. */
export const useInsurableFormats = (eventCityId: string) =>
  useQuery({
    queryKey: ['insurance', 'formats', eventCityId],
    queryFn: ({ signal }) =>
      requestParsed(z.object({ values: z.array(formatSchema) }), {
        url: `/api/insurance/event/city/formats/${encodeURIComponent(eventCityId)}`,
        signal,
      }),
    enabled: eventCityId !== '',
  });

export const insuranceOfferSchema = z.object({
  public_id: z.string(),
  name: z.nullish(z.string()),
  title: z.string(),
  subtitle: z.nullish(z.string()),
  description: z.nullish(z.string()),
  footnote: z.nullish(z.string()),
  legals: z.nullish(z.string()),
  price: z.number(),
  default: z.nullish(z.boolean()),
  activation_delay: z.nullish(z.number()),
  isStartDate: z.nullish(z.union([z.string(), z.boolean()])),
  format_public_id: z.nullish(z.string()),
  format_start_time: z.nullish(z.number()),
});
export type InsuranceOfferView = z.infer<typeof insuranceOfferSchema>;

/** GET /api/event_format/active/insurances/{formatId}: the offers for a format (accounts-sso §4.7: they load last). */
export const useFormatOffers = (formatId: string) =>
  useQuery({
    queryKey: ['insurance', 'offers', formatId],
    queryFn: ({ signal }) =>
      requestParsed(z.object({ values: z.array(insuranceOfferSchema) }), {
        url: `/api/event_format/active/insurances/${encodeURIComponent(formatId)}`,
        signal,
      }),
    enabled: formatId !== '',
  });
