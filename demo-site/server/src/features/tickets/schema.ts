import { z } from 'zod';
import { email, publicId } from '../../lib/schemas';

const byId = { public_id: publicId };

/** PUT /api/user/ticket/transfer: hand the ticket to the person with this e-mail (they confirm). */
export const transferBody = z.strictObject({ ...byId, email });

/** PUT /api/user/ticket/confirm/transfer: the recipient accepts (true) or declines (false). */
export const confirmTransferBody = z.strictObject({
  ...byId,
  transfer_confirm: z.boolean({ error: 'Некорректные данные запроса: transfer_confirm' }),
});

/** PUT /api/user/ticket/return, /ticket/disable. */
export const ticketBody = z.strictObject(byId);

const line = (max: number) => z.string().max(max, 'Слишком длинное значение');
const named = z.union([line(200), z.strictObject({ name: line(200) })]);

/**
 * The participant form (ticketing-shop §3 participant info, §5): the fixed fields, the choices the
 * format asks for, and the format's additional fields by their names. Presence and the spec's
 * messages are checked by `validateParticipant`, so a missing field gets 'Заполните поле', not a
 * generic schema error.
 */
export const participantInfo = z
  .object({
    first_name: line(100).optional(),
    last_name: line(100).optional(),
    second_name: line(100).nullable().optional(),
    phone: line(32).optional(),
    gender: line(16).optional(),
    birth_date: line(40).optional(),
    region: z
      .union([z.number().int(), line(16)])
      .nullable()
      .optional(),
    item_size: line(64).nullable().optional(),
    select_field: named.nullable().optional(),
    cluster: named.nullable().optional(),
    cluster_document: publicId.nullable().optional(),
    license: publicId.nullable().optional(),
  })
  .catchall(z.union([line(500), z.number(), z.null()]));

/** PUT /api/user/ticket: register the ticket with the participant's data. */
export const registerBody = z.strictObject({ ...byId, info: participantInfo });

/** PUT /api/user/ticket/online: the result of an online (virtual) participation. */
export const onlineResultBody = z.strictObject({ ...byId, result: line(16) });
