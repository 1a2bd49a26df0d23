import { z } from 'zod';
import { publicId } from '../../lib/schemas';

/** POST /api/staff/checkin (issue 24). */
export const checkinBody = z.strictObject({
  qr: z.string({ error: 'Некорректный код билета' }).min(1, 'Некорректный код билета').max(2048, 'Некорректный код билета'),
  scan_id: z.uuid({ error: 'Некорректный идентификатор сканирования' }),
  device: z.string({ error: 'Укажите название стойки' }).trim().max(60, 'Слишком длинное название стойки'),
  scanned_at: z.iso.datetime({ offset: true, error: 'Некорректное время сканирования' }),
});

export const eventCityParams = z.strictObject({ event_city_id: publicId });

/** `?since=` is the `cursor` of the previous answer. */
export const ticketListQuery = z.strictObject({
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'Некорректное значение since')
    .transform(Number)
    .optional(),
});
