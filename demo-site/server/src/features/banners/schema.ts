import { z } from 'zod';

export const pageParams = z.strictObject({ type: z.string().regex(/^[a-z_]{1,32}$/) });
