import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** A club competition with its results. */
export const competitionSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  start_date: z.nullish(z.string()),
  end_date: z.nullish(z.string()),
  competition_type: z.nullish(z.object({ title: z.string(), unit: z.nullish(z.string()) })),
  results: z.nullish(z.array(z.object({ place: z.number(), participant: z.string(), value: z.union([z.string(), z.number()]) }))),
});
export type Competition = z.infer<typeof competitionSchema>;

export const competitionsResponse = z.object({ values: z.array(competitionSchema) });

/** GET /api/club/competition/list/{id}: a club's competitions. */
export const getClubCompetitions = (clubId: string, signal?: AbortSignal) =>
  requestParsed(competitionsResponse, { url: `/api/club/competition/list/${encodeURIComponent(clubId)}`, signal });

export const clubCompetitionsQuery = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'competitions'], queryFn: ({ signal }) => getClubCompetitions(clubId, signal) });

export const useClubCompetitions = (clubId: string) => useQuery(clubCompetitionsQuery(clubId));
