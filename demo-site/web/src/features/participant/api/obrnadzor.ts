import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const registerEntrySchema = z.looseObject({
  public_id: z.string(),
  region_name: z.string(),
  organization: z.string(),
  short_name: z.string(),
  inn: z.string(),
  address: z.string(),
});

/** An organisation of the state education register (GET /api/obrnadzor/*). */
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

const regionsSchema = z.object({ region_names: z.array(z.string()) });
const entriesSchema = z.object({ values: z.array(registerEntrySchema) });

/** The shortest text the register searches for (the server refuses fewer characters). */
export const REGISTER_SEARCH_MIN = 2;

// The register changes rarely: what was asked once in a visit is not asked again.
const registerStale = 10 * 60_000;

/** GET /api/obrnadzor/regions: the region names the register has organisations in. */
export const registerRegionsQuery = () =>
  queryOptions({
    queryKey: ['obrnadzor', 'regions'],
    queryFn: ({ signal }) => requestParsed(regionsSchema, { url: '/api/obrnadzor/regions', signal }),
    select: (data) => data.region_names,
    staleTime: registerStale,
  });

/**
 * The organisations to offer: GET /api/obrnadzor/search/{text} once there is text (kept to the region
 * when one is chosen), else GET /api/obrnadzor/region/{name} for a chosen region; nothing to ask otherwise.
 */
export const registerEntriesQuery = (text: string, region: string) =>
  queryOptions({
    queryKey: ['obrnadzor', 'entries', text, region],
    queryFn: async ({ signal }) => {
      const url =
        text.length >= REGISTER_SEARCH_MIN
          ? `/api/obrnadzor/search/${encodeURIComponent(text)}`
          : `/api/obrnadzor/region/${encodeURIComponent(region)}`;
      const { values } = await requestParsed(entriesSchema, { url, signal });
      return region && text.length >= REGISTER_SEARCH_MIN ? values.filter((entry) => entry.region_name === region) : values;
    },
    enabled: text.length >= REGISTER_SEARCH_MIN || region !== '',
    staleTime: registerStale,
  });
