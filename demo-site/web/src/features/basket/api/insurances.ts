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
