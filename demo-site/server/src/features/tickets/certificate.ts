import type { resultRows } from '../../db/schema/index';
import { contentDisposition } from '../../lib/file-type';
import { renderPdf } from '../../lib/pdf';
import { eventStart, type TicketView } from './present';

const FINISHED = 'Финишировал';

/** Whether a results row is a finish (the seed's and the timing system's status wording). */
export const finished = (row: typeof resultRows.$inferSelect): boolean => row.status === FINISHED && row.netTime !== null;

/** «31 мая 2026» in the event city's time zone. */
function eventDate(view: TicketView): string {
  return new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: view.eventCity.timezone })
    .format(eventStart(view))
    .replace(/\s*г\.?$/, '');
}

/**
 * GET /api/user/certificate/result/{id}: the finisher's certificate — name, event, city and date,
 * distance, start number, time and places — as a landscape A4 PDF.
 */
export async function finisherCertificate(view: TicketView, row: typeof resultRows.$inferSelect, now: Date) {
  const name = `${row.firstName} ${row.lastName}`;
  const pdf = await renderPdf({
    title: `Сертификат финишёра — ${name}`,
    layout: 'certificate',
    createdAt: now,
    blocks: [
      { kind: 'title', text: 'Сертификат финишёра' },
      { kind: 'paragraph', text: 'Настоящим подтверждается, что' },
      { kind: 'highlight', text: name },
      {
        kind: 'paragraph',
        text: `${row.gender === 'female' ? 'успешно финишировала' : 'успешно финишировал'} на мероприятии «${view.event.title}»`,
      },
      { kind: 'space', lines: 0.5 },
      { kind: 'field', label: 'Город и дата', value: `${view.city.nameRu}, ${eventDate(view)}` },
      { kind: 'field', label: 'Дистанция', value: view.format.title },
      { kind: 'field', label: 'Стартовый номер', value: String(row.startNumber) },
      { kind: 'field', label: 'Время', value: row.netTime ?? row.officialTime ?? '—' },
      ...(row.placeOverall !== null
        ? [{ kind: 'field' as const, label: 'Место в абсолютном зачёте', value: String(row.placeOverall) }]
        : []),
      ...(row.placeAge !== null
        ? [{ kind: 'field' as const, label: `Место в категории ${row.ageCategory}`, value: String(row.placeAge) }]
        : []),
      { kind: 'space', lines: 1 },
      { kind: 'paragraph', text: 'Поздравляем с финишем! Команда «Герои»' },
    ],
  });
  return {
    pdf,
    disposition: contentDisposition('attachment', `Сертификат ${name} — ${view.event.title}.pdf`, `certificate-${view.ticket.number}.pdf`),
  };
}
