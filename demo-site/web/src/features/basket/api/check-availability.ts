import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const availabilitySchema = z.object({ available: z.boolean(), tickets_left: z.nullish(z.number()) });

/**
 * GET /api/event_format/check/{id}?count&kind: whether this many tickets of a kind can still be bought
 * (ticketing-shop §4 "Before payment"); a 400 means they cannot.
 */
export const checkAvailability = (formatId: string, count: number, kind: string) =>
  requestParsed(availabilitySchema, { url: `/api/event_format/check/${encodeURIComponent(formatId)}`, params: { count, kind } });
