import { z } from 'zod';
import { positiveInt, publicId } from '../../lib/schemas';

export const itemTypeParams = z.strictObject({ itemType: z.enum(['shop', 'ticket', 'certificate']) });

export const deliveryPriceBody = z.strictObject({
  city: z.strictObject({ id: positiveInt }),
  goods: z
    .array(z.strictObject({ public_id: publicId, count: z.number().int().min(1).max(500) }))
    .min(1)
    .max(100),
  delivery_public_id: publicId.optional(),
});

/** GET /api/delivery/ticket?format_public_id=: the methods a format's tickets can be delivered by. */
export const deliveryMethodsQuery = z.strictObject({ format_public_id: publicId.optional() });

/** POST /api/delivery/ticket/price: what the tickets' start packs cost to deliver to a city, with the lines' methods. */
export const ticketDeliveryPriceBody = z.strictObject({
  city: z.strictObject({ id: positiveInt }),
  tickets: z
    .array(z.strictObject({ format_public_id: publicId, count: z.number().int().min(1).max(500), delivery_public_id: publicId }))
    .min(1)
    .max(100),
});
