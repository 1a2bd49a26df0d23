import * as z from 'zod/mini';

/** A club (accounts-sso §3 and ticketing-shop §3). */
export const clubSchema = z.object({
  public_id: z.string(),
  public_name: z.nullish(z.string()),
  title: z.string(),
  description: z.nullish(z.string()),
  picture: z.nullish(z.string()),
  location: z.nullish(z.object({ name_ru: z.string(), name_en: z.nullish(z.string()) })),
  created_date: z.nullish(z.string()),
  members_count: z.nullish(z.number()),
});
export type Club = z.infer<typeof clubSchema>;

export const clubListResponse = z.object({ values: z.array(clubSchema) });

/** The address of a club's page: /clubs/{public_name}, or its public id. */
export const clubPath = (club: Pick<Club, 'public_id' | 'public_name'>) => `/clubs/${club.public_name || club.public_id}`;
