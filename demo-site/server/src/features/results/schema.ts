import { z } from 'zod';
import { publicId, text } from '../../lib/schemas';

export const eventResultsParams = z.strictObject({ event_city_id: publicId, format_id: publicId });
export const eventResultsQuery = z.strictObject({
  gender: z.enum(['male', 'female']).optional(),
  search: text(100).optional(),
});
