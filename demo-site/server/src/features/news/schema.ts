import { z } from 'zod';

export const newsListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const newsPreviewQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(20).default(3) });
