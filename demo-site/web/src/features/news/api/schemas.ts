import * as z from 'zod/mini';

export const newsPreviewSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  picture: z.nullish(z.string()),
  date: z.string(),
});
export type NewsPreview = z.infer<typeof newsPreviewSchema>;
