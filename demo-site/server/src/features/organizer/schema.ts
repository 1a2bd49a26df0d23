import { z } from 'zod';
import { email, publicId } from '../../lib/schemas';

/** Request bodies of the back office (issue 31). Messages in Russian reach the organiser as they are. */

const name = z.string({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(200, 'Название длиннее 200 символов');
const rubles = z
  .number({ error: 'Укажите цену в рублях' })
  .min(0, 'Цена не может быть отрицательной')
  .max(10_000_000, 'Цена больше 10 000 000 ₽')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Цена — рубли и копейки, не больше двух знаков после запятой');
const count = (message: string) => z.number({ error: message }).int(message).min(0, message).max(1_000_000, message);
const age = z.number().int('Возраст — целое число').min(0, 'Возраст от 0 до 120').max(120, 'Возраст от 0 до 120').nullable();
const isoDate = z.iso.datetime({ offset: true, error: 'Дата в формате ISO 8601' });
const additionalField = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z][a-z0-9_]*$/, 'Имя поля — латинские буквы, цифры и _'),
  label: z.string().trim().min(1).max(200),
  required: z.boolean(),
});

const formatFields = {
  name_en: z.string().trim().max(200).nullable().optional(),
  description: z.string().trim().max(5000).optional(),
  max_count: z.number().int().min(1, 'Не меньше 1 билета в заказе').max(100, 'Не больше 100 билетов в заказе').optional(),
  is_team: z.boolean().optional(),
  buy_limit: z.number().int().min(1).max(100).nullable().optional(),
  hidden: z.boolean().optional(),
  age_min: age.optional(),
  age_max: age.optional(),
  insurance_available: z.boolean().optional(),
  preregistration: z.boolean().optional(),
  /** No event shirt with this ticket (the checkout then asks for no size). */
  shirt_unavailable: z.boolean().optional(),
  start_time: isoDate.nullable().optional(),
  additional_fields: z.array(additionalField).max(20).optional(),
};

export const formatCreate = z.strictObject({
  event_city_public_id: publicId,
  name,
  price: rubles,
  tickets_count: count('Количество билетов — целое число от 0 до 1 000 000'),
  ...formatFields,
});
export type FormatCreate = z.infer<typeof formatCreate>;

const { is_team: _team, ...patchable } = formatFields;
export const formatPatch = z.strictObject({
  name: name.optional(),
  price: rubles.optional(),
  tickets_count: count('Количество билетов — целое число от 0 до 1 000 000').optional(),
  closed: z.boolean().optional(),
  ...patchable,
});
export type FormatPatch = z.infer<typeof formatPatch>;

export const eventCityPatch = z.strictObject({
  start_time: isoDate.optional(),
  address: z.string().trim().min(1, 'Укажите место старта').max(300).optional(),
  registration_opens_at: isoDate.nullable().optional(),
  registration_closes_at: isoDate.nullable().optional(),
});
export type EventCityPatch = z.infer<typeof eventCityPatch>;

export const publicIdParams = z.strictObject({ public_id: publicId });

const codePattern = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const promocodeCreate = z
  .strictObject({
    event_city_public_id: publicId,
    code: z.string().trim().toUpperCase().regex(codePattern, 'Промокод — от 3 до 32 латинских букв, цифр, «-» и «_»').optional(),
    count: z.number().int().min(1, 'Сколько кодов: от 1 до 10 000').max(10_000, 'Сколько кодов: от 1 до 10 000').optional(),
    prefix: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{0,12}$/, 'Префикс — до 12 латинских букв и цифр')
      .optional(),
    discount_percent: z.number().int().min(1, 'Скидка от 1 до 100 %').max(100, 'Скидка от 1 до 100 %').optional(),
    discount_amount: z.number().positive('Скидка в рублях больше нуля').max(1_000_000).optional(),
    max_uses: z.number().int().min(1, 'Использований не меньше одного').max(1_000_000).optional(),
    max_uses_per_person: z.number().int().min(1, 'Использований на человека не меньше одного').max(1_000_000).nullable().optional(),
    starts_at: isoDate.optional(),
    ends_at: isoDate.optional(),
    format_public_ids: z.array(publicId).max(200).optional(),
  })
  .refine((body) => (body.discount_percent === undefined) !== (body.discount_amount === undefined), {
    message: 'Укажите скидку: в процентах или в рублях',
  })
  .refine((body) => !(body.code && body.count && body.count > 1), { message: 'Один код или несколько сгенерированных: не вместе' });
export type PromocodeCreate = z.infer<typeof promocodeCreate>;

export const eventCityQuery = z.strictObject({ event_city_public_id: publicId });

export const ordersQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  event_city_public_id: publicId.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const auditQuery = z.strictObject({
  event_city_public_id: publicId.optional(),
  action: z.string().max(64).optional(),
  before_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const staffBody = z.strictObject({ event_city_public_id: publicId, email });

export const participantsQuery = z.strictObject({ format_public_id: publicId.optional() });

export const participantPatch = z.strictObject({
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  second_name: z.string().trim().max(100).nullable().optional(),
  birth_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата рождения в формате ГГГГ-ММ-ДД')
    .optional(),
  gender: z.enum(['male', 'female']).optional(),
  phone: z.string().trim().max(20).optional(),
  email: email.nullable().optional(),
});
export type ParticipantPatch = z.infer<typeof participantPatch>;

export const memberBody = z.strictObject({
  email,
  role: z.enum(['owner', 'manager', 'viewer'], { error: 'Роль: owner, manager или viewer' }),
});
export const memberDelete = z.strictObject({ email });

export const messageAudience = z.strictObject({ event_city_public_id: publicId, format_public_id: publicId.optional() });

export const messageCreate = z.strictObject({
  event_city_public_id: publicId,
  format_public_id: publicId.optional(),
  subject: z.string({ error: 'Укажите тему письма' }).trim().min(1, 'Укажите тему письма').max(200, 'Тема длиннее 200 символов'),
  text: z.string({ error: 'Напишите текст письма' }).trim().min(1, 'Напишите текст письма').max(20_000, 'Письмо длиннее 20 000 символов'),
  /** Essential (the start moved, the race is cancelled): also to those who unsubscribed from news. */
  essential: z.boolean(),
  /** The same key again (a retried click) sends nothing twice. */
  idempotency_key: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/),
});

export const tokenParams = z.strictObject({ token: z.string().regex(/^[0-9a-f]{64}$/) });

export const saleInput = z
  .strictObject({
    event_city_public_id: publicId.optional(),
    title: name,
    starts_at: isoDate,
    ends_at: isoDate,
    discount_percent: z.number().int().min(1, 'Скидка от 1 до 100 %').max(100, 'Скидка от 1 до 100 %').optional(),
    discount_amount: z.number().positive('Скидка в рублях больше нуля').max(1_000_000).optional(),
    /** From how many tickets of the listed formats in one basket (1: every ticket — a price tier by date). */
    count: z.number().int().min(1, 'От 1 билета').max(100, 'Не больше 100 билетов').optional(),
    format_public_ids: z.array(publicId).max(200).optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => (body.discount_percent === undefined) !== (body.discount_amount === undefined), {
    message: 'Укажите скидку: в процентах или в рублях',
  });
export type SaleInput = z.infer<typeof saleInput>;

export const eventCityCreate = z.strictObject({
  event_public_id: publicId,
  city_id: z.number().int().positive(),
  start_time: isoDate,
  address: z.string().trim().min(1, 'Укажите место старта').max(300),
});
export type EventCityCreate = z.infer<typeof eventCityCreate>;

export const eventCreate = z.strictObject({
  organisation_public_id: publicId,
  title: name,
  title_en: z.string().trim().max(200).nullable().optional(),
  description: z.string({ error: 'Укажите описание' }).trim().min(1, 'Укажите описание').max(5000, 'Описание длиннее 5000 символов'),
  description_en: z.string().trim().max(5000).nullable().optional(),
  event_type_public_id: publicId,
  city_id: z.number({ error: 'Выберите город' }).int().positive(),
  start_time: isoDate,
  address: z.string({ error: 'Укажите место старта' }).trim().min(1, 'Укажите место старта').max(300),
  registration_opens_at: isoDate.nullable().optional(),
  registration_closes_at: isoDate.nullable().optional(),
});
export type EventCreate = z.infer<typeof eventCreate>;

const sizeName = z.string({ error: 'Укажите размер' }).trim().min(1, 'Укажите размер').max(40, 'Размер длиннее 40 символов');
const sizeStock = count('Остаток — целое число от 0 до 1 000 000');
const productFields = {
  title_en: z.string().trim().max(200).nullable().optional(),
  description: z.string().trim().max(5000).optional(),
  old_price: rubles.nullable().optional(),
  show_in_basket: z.boolean().optional(),
};
export const productCreate = z.strictObject({
  event_public_id: publicId,
  title: name,
  price: rubles,
  kind: z.enum(['merch', 'shirt'], { error: 'Вид товара — merch или shirt' }),
  category: z.string().trim().min(1).max(64),
  sizes: z
    .array(z.strictObject({ name: sizeName, stock: sizeStock }))
    .min(1, 'Укажите хотя бы один размер')
    .max(30, 'Не больше 30 размеров'),
  ...productFields,
});
export type ProductCreate = z.infer<typeof productCreate>;
export const productPatch = z.strictObject({
  title: name.optional(),
  price: rubles.optional(),
  sizes: z
    .array(z.strictObject({ public_id: publicId.optional(), name: sizeName, stock: sizeStock }))
    .min(1, 'Укажите хотя бы один размер')
    .max(30, 'Не больше 30 размеров')
    .optional(),
  ...productFields,
});
export type ProductPatch = z.infer<typeof productPatch>;

export const downloadLink = z.strictObject({
  event_city_public_id: publicId,
  file: z.enum(['participants.csv', 'participants.xlsx', 'orders.csv', 'orders.xlsx']),
  format_public_id: publicId.optional(),
});
export const downloadParams = z.strictObject({ token: z.string().regex(/^[\w-]{43}$/, 'Ссылка недействительна или устарела') });

/** POST /api/organizer/orders/{id}/refund: a line of the order (its `public_id` on the order page), or none — the whole order. */
export const refundBody = z
  .strictObject({ line_public_id: publicId.optional() }, { error: 'Укажите позицию заказа: line_public_id' })
  .nullish();
