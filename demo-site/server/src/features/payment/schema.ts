import { z } from 'zod';
import { email, publicId, text } from '../../lib/schemas';
import { certificateCodeMessages } from './certificate-codes';
import { CERTIFICATE_COUNT_MAX, pricingMessages, SHOP_COUNT_MAX, TICKET_COUNT_MAX } from './pricing';

/** Lines a payment may hold per kind: far above any real basket, far below a body that hurts. */
export const MAX_LINES = 100;

/** accounts-sso §5's generic message for a count that is not a whole number. */
export const WHOLE_NUMBER_MESSAGE = 'Значение должно быть целым числом';

const countOf = (max: number, message: string) => z.number({ error: message }).int(WHOLE_NUMBER_MESSAGE).min(1, message).max(max, message);

/**
 * What the client believes a line costs. Ignored (the server prices everything) but, when present, it
 * must be a sane amount: a negative or absurd figure is refused as tampered.
 */
const clientMoney = z
  .number({ error: 'Некорректная сумма' })
  .nonnegative('Некорректная сумма')
  .max(100_000_000, 'Некорректная сумма')
  .nullable()
  .optional();

const promocode = z.string().trim().max(64, 'Промокод не найден').nullable().optional();

const participantInfo = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((record) => Object.keys(record).length <= 40, 'Слишком много полей участника');

export const ticketLine = z.object({
  event_public_id: publicId.optional(),
  event_city_public_id: publicId.optional(),
  abid: z.string().max(64).nullable().optional(),
  format_public_id: publicId.optional(),
  team_public_id: publicId.nullable().optional(),
  team_name: text(100).nullable().optional(),
  ticket_count: countOf(TICKET_COUNT_MAX, pricingMessages.unavailable).optional(),
  team_count: countOf(50, pricingMessages.teamCount).optional(),
  kind: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .optional(),
  insurance: z.boolean().optional(),
  promocode,
  delivery_public_id: publicId.nullable().optional(),
  club: z.object({ public_id: publicId }).nullable().optional(),
  license: publicId.nullable().optional(),
  cluster: text(200).nullable().optional(),
  select_field: z
    .object({ name: text(200) })
    .nullable()
    .optional(),
  info: z
    .union([participantInfo, z.array(participantInfo).max(TICKET_COUNT_MAX)])
    .nullable()
    .optional(),
  /**
   * The start number (POST /api/booked/number) or seat (POST /api/space/place) the signed-in buyer
   * holds for this format: the server checks the hold and gives it to the line's first ticket. The
   * buyer never writes `number`, `sector` or `place` into the participant's info.
   */
  start_number: z
    .number({ error: 'Некорректный стартовый номер' })
    .int('Некорректный стартовый номер')
    .min(1)
    .max(100_000)
    .nullable()
    .optional(),
  place_public_id: publicId.nullable().optional(),
  price: clientMoney,
  totalCost: clientMoney,
});

export const shopLine = z.object({
  product: z.object({ public_id: publicId }),
  proportion: z.object({ public_id: publicId }).nullable().optional(),
  count: countOf(SHOP_COUNT_MAX, `Количество товара — от 1 до ${SHOP_COUNT_MAX}`),
  promocode,
  text: text(200).nullable().optional(),
  delivery_public_id: publicId.nullable().optional(),
  price: clientMoney,
  totalCost: clientMoney,
});

const dateText = (message: string) => z.string({ error: message }).max(40, message);

export const insuranceLine = z.object({
  public_id: publicId,
  insurance: z.object({ public_id: publicId }).optional(),
  format_public_id: publicId.nullable().optional(),
  promocode,
  first_name: text(100).pipe(z.string().min(1, 'Заполните поле!')),
  last_name: text(100).pipe(z.string().min(1, 'Заполните поле!')),
  second_name: text(100).nullable().optional(),
  gender: z.enum(['male', 'female'], { error: 'Выберите одно из значений!' }),
  phone: z.string({ error: 'Введите корректный номер телефона!' }).max(32, 'Введите корректный номер телефона!'),
  birth_date: dateText('Введите корректную дату!'),
  start_date: dateText('Введите корректную дату!').nullable().optional(),
  price: clientMoney,
  totalCost: clientMoney,
});

/** Whom a gift certificate is for: shown on the order and the certificate; none of it is required. */
const recipient = z
  .object({
    name: text(100).nullable().optional(),
    email: z
      .union([email, z.literal('')])
      .nullable()
      .optional(),
    message: text(300).nullable().optional(),
  })
  .nullable()
  .optional();

export const certificateLine = z.object({
  public_id: publicId,
  recipient,
  count: countOf(CERTIFICATE_COUNT_MAX, `Количество сертификатов — от 1 до ${CERTIFICATE_COUNT_MAX}`),
  promocode,
  price: clientMoney,
  totalCost: clientMoney,
});

export const deliveryData = z.object({
  public_id: publicId,
  location_id: z.number().int().positive(),
  phone: z.string().max(32).optional(),
  address: text(300).optional(),
  first_name: text(100).optional(),
  last_name: text(100).optional(),
});

const lines = <T extends z.ZodType>(line: T) =>
  z.array(line).max(MAX_LINES, `Слишком много позиций в заказе: не больше ${MAX_LINES} каждого вида`).optional().default([]);

/** POST /api/payment (ticketing-shop §7): e-mail, tickets, shop, insurances, register flag. */
export const paymentBody = z
  .object({
    email,
    tickets: lines(ticketLine),
    shop: lines(shopLine),
    insurances: lines(insuranceLine),
    certificates: lines(certificateLine),
    delivery: deliveryData.nullable().optional(),
    /** A bought gift certificate's code: pays what it has left, up to what the order costs (certificates aside). */
    certificate_code: z
      .string({ error: certificateCodeMessages.notFound })
      .trim()
      .toUpperCase()
      .max(32, certificateCodeMessages.notFound)
      .regex(/^[\w -]*$/, certificateCodeMessages.notFound)
      .nullable()
      .optional(),
    register: z.boolean().optional().default(false),
    /** A waiting-list offer's code (issue 35): its one ticket takes the place the offer holds. */
    waitlist_code: z.string().trim().min(1).max(100).nullable().optional(),
    /** The client's total: ignored, the server's is charged. */
    total: clientMoney,
    amount: clientMoney,
  })
  .refine((body) => body.tickets.length + body.shop.length + body.insurances.length + body.certificates.length > 0, {
    message: 'Корзина пуста',
  });
export type PaymentBody = z.infer<typeof paymentBody>;

export const orderParams = z.strictObject({ orderId: publicId });

export const cancelBody = z.object({ order_id: publicId });

/**
 * The sandbox's notification of a payment's outcome (signed; see provider.ts): paid, declined, or —
 * after a cancel — its refund settled (`refunded`, `amount` the sum returned).
 */
export const sandboxNotificationBody = z.strictObject({
  event_id: z.string().regex(/^[\w-]{8,64}$/),
  payment_id: z.string().regex(/^[\w-]{8,64}$/),
  status: z.enum(['succeeded', 'canceled', 'refunded']),
  amount: z.number().int().nonnegative(),
  ts: z.number().int().positive(),
});

/**
 * YooKassa's notification (`{ "type": "notification", "event": "payment.succeeded", "object": {…} }`):
 * unsigned, so only the event's name and its object's id are read — the object itself is asked back.
 */
export const yookassaNotificationBody = z.object({
  type: z.literal('notification'),
  event: z.string().regex(/^[a-z_]{1,32}\.[a-z_]{1,32}$/),
  object: z.object({ id: z.string().regex(/^[\w-]{8,64}$/) }).loose(),
});

/** POST /api/payment/notification: the sandbox's or YooKassa's shape; the provider confirms it. */
export const notificationBody = z.union([sandboxNotificationBody, yookassaNotificationBody], {
  error: 'Уведомление не распознано',
});
export type Notification = z.infer<typeof sandboxNotificationBody>;

export const availabilityParams = z.strictObject({ formatId: publicId });
export const availabilityQuery = z.strictObject({
  count: z.coerce.number().int().min(1, pricingMessages.unavailable).max(TICKET_COUNT_MAX, pricingMessages.unavailable).default(1),
  kind: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .default('athlete'),
});

export const certificateCheckParams = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, certificateCodeMessages.enterCode)
    .max(32, certificateCodeMessages.notFound)
    // Letters, digits, dashes and spaces only: anything else is no code of ours (and a NUL is no text for PostgreSQL).
    .regex(/^[\w -]+$/, certificateCodeMessages.notFound),
});
