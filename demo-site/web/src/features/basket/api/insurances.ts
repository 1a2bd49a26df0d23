import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const offerSchema = z.object({
  public_id: z.string(),
  title: z.nullish(z.string()),
  name: z.nullish(z.string()),
  price: z.number(),
  legals: z.nullish(z.string()),
  activation_delay: z.nullish(z.number()),
  default: z.nullish(z.boolean()),
});
export type InsuranceOfferData = z.infer<typeof offerSchema>;

/** GET /api/insurances: the insurance offers; the default one goes with a ticket's insurance checkbox. */
export const insuranceOffersQuery = () =>
  queryOptions({
    queryKey: ['insurances'],
    queryFn: ({ signal }) => requestParsed(z.object({ values: z.array(offerSchema) }), { url: '/api/insurances', signal }),
  });

export const useInsuranceOffers = (enabled: boolean) => useQuery({ ...insuranceOffersQuery(), enabled });

/**
 * An insurance line's title in the site's language (issue 35): the line keeps the title its offer had
 * when it was added (in the language of that moment); the offers, asked again in the current language,
 * name it anew. Until they come (or for an offer no longer listed) the kept title. Null for no line.
 */
export function useInsuranceTitle(line: { public_id: string; title: string } | null): string | null {
  const offers = useQuery({ ...insuranceOffersQuery(), enabled: line !== null });
  if (!line) return null;
  const offer = offers.data?.values.find((candidate) => candidate.public_id === line.public_id);
  return offer?.title || offer?.name || line.title;
}
