import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/ui/page';
import { getStaffEvents, type StaffEvent } from '../../../features/checkin/api/staff';
import { Scanner } from '../../../features/checkin/components/scanner';
import { isApiError } from '../../../lib/api-client';
import '../../../features/checkin/checkin.css';

/** Installable as an app (issue 24): the manifest and a service worker scoped to /staff/, added by this screen only. */
function useScannerApp() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/staff/checkin.webmanifest';
    document.head.append(link);
    if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/staff/sw.js', { scope: '/staff/' }).catch(() => undefined);
    return () => link.remove();
  }, []);
}

const when = (event: StaffEvent) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: event.timezone }).format(
    new Date(event.start_time),
  );

/** /staff/checkin: staff check tickets in at the start line — the event picker, then the scanner. */
export default function StaffCheckin() {
  useDocumentTitle('Отметка участников');
  useScannerApp();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('event');
  const [events, setEvents] = useState<StaffEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (chosen) return;
    getStaffEvents().then(setEvents, (failure: unknown) =>
      setError(
        isApiError(failure) && failure.status === 403
          ? 'Доступно только персоналу мероприятия'
          : isApiError(failure) && failure.code === 'network'
            ? 'Нет сети: выберите событие, список которого уже загружен'
            : 'Не удалось загрузить события',
      ),
    );
  }, [chosen]);

  if (chosen) return <Scanner key={chosen} eventCityId={chosen} onLeave={() => setParams({})} />;
  return (
    <section className="checkin-picker">
      <h1>Отметка участников</h1>
      {error ? <p role="alert">{error}</p> : null}
      {events === null && !error ? <p>Загрузка…</p> : null}
      {events && events.length > 0 ? (
        <>
          <h2>Выберите событие</h2>
          <ul>
            {events.map((event) => (
              <li key={event.event_city_id}>
                <button type="button" onClick={() => setParams({ event: event.event_city_id })}>
                  <span className="checkin-picker__title">
                    {event.title} — {event.city}
                  </span>
                  <span className="checkin-picker__when">{when(event)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
