import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const numbersSchema = z.object({ free_numbers: z.array(z.number()), booked_numbers: z.array(z.number()) });

/** GET /api/booked/numbers/{id} (accounts-sso §7): the format's start numbers, free and taken (held ones too). */
export const getStartNumbers = (formatId: string, signal?: AbortSignal) =>
  requestParsed(numbersSchema, { url: `/api/booked/numbers/${encodeURIComponent(formatId)}`, signal });

/** POST /api/booked/number: holds a free number for the signed-in buyer for 10 minutes; a 400 says why not. */
export const holdStartNumber = (formatId: string, number: number) =>
  requestParsed(z.object({ number: z.number(), held_until: z.string() }), {
    url: '/api/booked/number',
    method: 'POST',
    data: { format_public_id: formatId, number },
  });

const placeSchema = z.object({
  public_id: z.string(),
  sector: z.string(),
  row: z.number(),
  place: z.number(),
  free: z.boolean(),
  mine: z.optional(z.boolean()),
});
export type SpacePlace = z.infer<typeof placeSchema>;

const sectorSchema = z.object({
  sector: z.string(),
  rows: z.number(),
  places_per_row: z.number(),
  free_count: z.number(),
  total_count: z.number(),
});
export type SpaceSector = z.infer<typeof sectorSchema>;

/** GET /api/space/{id}: every seat of the format, free or not (`mine` for the asker's own hold). */
export const getSpacePlaces = (formatId: string, signal?: AbortSignal) =>
  requestParsed(z.object({ values: z.array(placeSchema) }), { url: `/api/space/${encodeURIComponent(formatId)}`, signal });

/** GET /api/space/map/list/{id}: the sectors, for the map's tabs. */
export const getSpaceSectors = (formatId: string, signal?: AbortSignal) =>
  requestParsed(z.object({ values: z.array(sectorSchema) }), { url: `/api/space/map/list/${encodeURIComponent(formatId)}`, signal });

/** POST /api/space/place: holds a free seat for the signed-in buyer for 10 minutes. */
export const holdSpacePlace = (formatId: string, placeId: string) =>
  requestParsed(
    z.object({
      place: z.object({ public_id: z.string(), sector: z.string(), row: z.number(), place: z.number() }),
      held_until: z.string(),
    }),
    { url: '/api/space/place', method: 'POST', data: { format_public_id: formatId, place_public_id: placeId } },
  );
