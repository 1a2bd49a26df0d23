import { z } from 'zod';
import { isoDate, positiveInt, publicId, text } from '../../lib/schemas';

/** Body of POST /api/event_city/filtered and /api/results/event_city/filtered; every filter optional. */
export const eventCityFilterBody = z
  .strictObject({
    city_id: positiveInt.optional(),
    event_type: publicId.optional(),
    date_from: isoDate('Введите корректную дату').optional(),
    date_to: isoDate('Введите корректную дату').optional(),
    search: text(100).optional(),
    limit: z.number().int().min(1).max(100).default(50),
    offset: z.number().int().min(0).max(100_000).default(0),
  })
  .default({ limit: 50, offset: 0 });
