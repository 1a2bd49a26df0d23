import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** accounts-sso §3 insurance record: the policy's info and the insurance it is of. */
export const policySchema = z.object({
  public_id: z.string(),
  info: z.object({
    number: z.nullish(z.union([z.string(), z.number()])),
    start_date: z.string(),
    last_name: z.nullish(z.string()),
    first_name: z.nullish(z.string()),
    second_name: z.nullish(z.string()),
    phone: z.nullish(z.string()),
  }),
  insurance: z.object({
    name: z.string(),
    title: z.nullish(z.string()),
    logo: z.nullish(z.string()),
    /** In seconds. */
    validity_time: z.number(),
    legals: z.nullish(z.string()),
  }),
});
export type Policy = z.infer<typeof policySchema>;

const policyListResponse = z.object({ values: z.array(policySchema) });

/** GET /api/user/insurances/{valid|past} (signed in). */
export const getPolicies = (which: 'valid' | 'past', signal?: AbortSignal) =>
  requestParsed(policyListResponse, { url: `/api/user/insurances/${which}`, signal });

export const usePolicies = (which: 'valid' | 'past') =>
  useQuery({ queryKey: ['user', 'insurances', which], queryFn: ({ signal }) => getPolicies(which, signal), staleTime: 0 });
