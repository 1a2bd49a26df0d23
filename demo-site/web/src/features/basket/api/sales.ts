import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const saleSchema = z.object({
  active: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  discount: z.number(),
  discount_form: z.string(),
  count: z.number(),
  formats: z.array(z.string()),
});

/** GET /api/sales: the sales running now, so that each ticket line shows its sale (the payment prices them again). */
export const salesQuery = () =>
  queryOptions({
    queryKey: ['sales'],
    queryFn: async ({ signal }) => (await requestParsed(z.object({ values: z.array(saleSchema) }), { url: '/api/sales', signal })).values,
    staleTime: 300_000,
  });

export const useSales = (enabled: boolean) => useQuery({ ...salesQuery(), enabled });
