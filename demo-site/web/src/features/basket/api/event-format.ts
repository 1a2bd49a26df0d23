import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const formatOptionsSchema = z.looseObject({
  insurance_available: z.nullish(z.boolean()),
  clubs: z.nullish(z.boolean()),
  /** Whether the buyer may choose a start number, or a seat (the basket's picker and seat map). */
  start_numbers: z.nullish(z.boolean()),
  space: z.nullish(z.boolean()),
  /** The texts a ticket line shows, in the language asked in (features/basket/api/line-texts.ts). */
  title: z.nullish(z.string()),
  address: z.nullish(z.string()),
  event: z.nullish(z.object({ title: z.nullish(z.string()) })),
});

/**
 * GET /api/event_format/{id}: whether a ticket's format insures its participants and offers clubs,
 * and its texts in the site's language (cached per format). A query of its own so the basket route can load it before its first render.
 */
export const eventFormatOptionsQuery = (formatId: string) =>
  queryOptions({
    queryKey: ['event-format', formatId, 'insurance'],
    queryFn: ({ signal }) => requestParsed(formatOptionsSchema, { url: `/api/event_format/${encodeURIComponent(formatId)}`, signal }),
    staleTime: 300_000,
  });
