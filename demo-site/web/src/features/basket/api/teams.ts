import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** A team of a team format as GET /api/teams/{format_public_id} lists it: its members and free places. */
export const teamSchema = z.object({
  public_id: z.string(),
  name: z.string(),
  number: z.nullish(z.number()),
  members_count: z.number(),
  max_count: z.nullish(z.number()),
  free_places: z.number(),
});
export type Team = z.infer<typeof teamSchema>;

const teamsResponse = z.object({ values: z.array(teamSchema) });

/** The teams a new member may join (read when the visitor chooses to join one). */
export const useTeams = (formatId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['teams', formatId],
    queryFn: ({ signal }) => requestParsed(teamsResponse, { url: `/api/teams/${encodeURIComponent(formatId)}`, signal }),
    enabled,
    staleTime: 0,
  });
