import { z } from 'zod';
import { publicId } from '../../lib/schemas';

export const formatListQuery = z.strictObject({ hidden: z.stringbool().optional() });
export const eventCityParams = z.strictObject({ event_city_id: publicId });

export const bookNumberBody = z.strictObject({ format_public_id: publicId, number: z.number().int().min(1).max(100_000) });

export const holdPlaceBody = z.strictObject({ format_public_id: publicId, place_public_id: publicId });
