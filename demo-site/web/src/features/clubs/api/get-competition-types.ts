import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** A kind of club competition and the unit its results are given in ('time' or 'distance'). */
export const competitionTypeSchema = z.object({ public_id: z.string(), title: z.string(), unit: z.nullish(z.string()) });
export type CompetitionType = z.infer<typeof competitionTypeSchema>;

export const competitionTypesResponse = z.object({ values: z.array(competitionTypeSchema) });

/** GET /api/list/competition/type: the kinds of competition a result can be uploaded for. */
export const getCompetitionTypes = (signal?: AbortSignal) =>
  requestParsed(competitionTypesResponse, { url: '/api/list/competition/type', signal });

export const competitionTypesQuery = () =>
  queryOptions({ queryKey: ['competition-types'], queryFn: ({ signal }) => getCompetitionTypes(signal), staleTime: 10 * 60_000 });

export const useCompetitionTypes = () => useQuery(competitionTypesQuery());
