import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { citySchema } from './schemas';

const virtualFormatSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  price: z.number(),
  start_time: z.string(),
  timezone: z.nullish(z.string()),
  tickets_left: z.nullish(z.record(z.string(), z.number())),
  event: z.object({ public_id: z.string(), title: z.string() }),
  event_city: z.object({ public_id: z.string() }),
  city: citySchema,
});

/** A virtual format on sale: run anywhere, send the time from the ticket page. */
export type VirtualFormat = z.infer<typeof virtualFormatSchema>;

const virtualFormatsResponse = z.object({ values: z.array(virtualFormatSchema) });

/** GET /api/event_format/virtual: the upcoming virtual formats with their event and city, soonest first. */
export const virtualFormatsQuery = () =>
  queryOptions({
    queryKey: ['virtual-formats'],
    queryFn: ({ signal }) => requestParsed(virtualFormatsResponse, { url: '/api/event_format/virtual', signal }),
    select: (data) => data.values,
  });
