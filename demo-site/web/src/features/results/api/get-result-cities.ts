import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { citySchema } from '../../events/api/schemas';

/** GET /api/results/cities: cities with published results. */
export const resultCitiesResponse = z.object({ values: z.array(citySchema) });

export const getResultCities = (signal?: AbortSignal) => requestParsed(resultCitiesResponse, { url: '/api/results/cities', signal });

export const resultCitiesQuery = () =>
  queryOptions({ queryKey: ['results', 'cities'], queryFn: ({ signal }) => getResultCities(signal), staleTime: 10 * 60_000 });

export const useResultCities = () => useQuery(resultCitiesQuery());
