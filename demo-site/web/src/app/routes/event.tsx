import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { basketActions, useBasket } from '../../features/basket/basket-store';
import { ticketLine } from '../../features/basket/ticket-line';
import { newBasketId } from '../../features/basket/use-shop-basket';
import { useEvent } from '../../features/events/api/get-event';
import { useEventFormats } from '../../features/events/api/get-event-formats';
import type { EventCity, SportEvent } from '../../features/events/api/schemas';
import { CityPopup } from '../../features/events/components/city-popup';
import { FormatCard } from '../../features/events/components/format-card';
import { PartnerFormats } from '../../features/events/components/partner-formats';
import { formatKind, formatSeats, ticketsLeft } from '../../features/events/format-rules';
import { useBreadcrumbTitle } from '../../lib/breadcrumbs';
import { formatDateTime } from '../../lib/dates';
import { placeName, useTranslation } from '../../lib/i18n';
import { RelatedProducts } from './shop/related-products';

/** The city shown first: the one in the address (?city=), else the next to start, else the first. */
function initialCity(event: SportEvent, requested: string | null, invitedCity?: string | null): EventCity | null {
  const cities = event.event_city;
  const fromAddress = requested ? cities.find((eventCity) => eventCity.public_id === requested) : undefined;
  if (fromAddress) return fromAddress;
  const invited = invitedCity ? cities.find((eventCity) => eventCity.public_id === invitedCity) : undefined;
  if (invited) return invited;
  const now = Date.now();
  return cities.find((eventCity) => Date.parse(eventCity.start_time) >= now) ?? cities[0] ?? null;
}

function Formats({
  event,
  eventCity,
  promocode,
  highlight,
}: {
  event: SportEvent;
  eventCity: EventCity;
  promocode: string | null;
  highlight: string | null;
}) {
  const { t } = useTranslation();
  // Opened through an invitation link (/event/{id}/{format_public_id}): the event's formats with the
  // invitation-only ones (?hidden=true), of which only the invited one shows.
  const invited = useEventFormats(highlight === null ? null : event.public_id, true);
  const listed = useEventFormats(highlight === null ? eventCity.public_id : null);
  const formats = highlight === null ? listed : invited;
  const { goods } = useBasket();
  const [added, setAdded] = useState<string | null>(null);
  const inBasket = (formatId: string) =>
    goods.some((item) => item.selector === 'ticket' && item.public_id === formatId && item.event_city.public_id === eventCity.public_id);

  if (formats.isPending) return <Loading />;
  if (formats.isError) return <ErrorState error={formats.error} onRetry={() => void formats.refetch()} />;
  const shown = formats.data.values.filter(
    (format) =>
      (format.event_city?.public_id ?? eventCity.public_id) === eventCity.public_id && (!format.hidden || format.public_id === highlight),
  );
  if (shown.length === 0) return <EmptyState>{t('event.noFormats')}</EmptyState>;
  return (
    <>
      <p className="sr-only" role="status">
        {added ? t('event.added', { title: added }) : ''}
      </p>
      <ul className="card-grid card-grid--3">
        {shown.map((format) => (
          <li key={format.public_id}>
            <FormatCard
              format={format}
              highlighted={format.public_id === highlight}
              inBasket={inBasket(format.public_id)}
              onAdd={() => {
                basketActions.add(
                  ticketLine({
                    format,
                    seats: formatSeats(format),
                    ticketsLeft: ticketsLeft(format, formatKind(format)),
                    kind: formatKind(format),
                    event: { public_id: event.public_id, title: event.title, logo: event.event_type.logo },
                    eventCity,
                    promocode,
                    now: Date.now(),
                    uniqueId: newBasketId(),
                  }),
                );
                setAdded(format.title);
              }}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The event page (/calendar/{event_id}, /calendar/{event_id}/{promocode}, /event/{id},
 * /event/{id}/{format_public_id}): the event, its city popup and the formats of the chosen city.
 * A promocode from the address rides along on the tickets added to the basket.
 */
export default function EventPage() {
  const { t } = useTranslation();
  const { eventId = '', promocode = null, formatId = null } = useParams();
  const [params, setParams] = useSearchParams();
  const event = useEvent(eventId);
  const invitation = useEventFormats(formatId === null ? null : eventId, true);
  const [cityOpen, setCityOpen] = useState(false);
  useBreadcrumbTitle(event.data?.title);

  if (event.isPending || (formatId !== null && invitation.isPending)) return <Loading />;
  if (event.isError) {
    return (
      <div className="container page">
        <ErrorState error={event.error} onRetry={() => void event.refetch()} />
        <p>
          <Link to="/calendar">{t('event.backToCalendar')}</Link>
        </p>
      </div>
    );
  }

  const data = event.data;
  const invitedCity = invitation.data?.values.find((format) => format.public_id === formatId)?.event_city?.public_id;
  const eventCity = initialCity(data, params.get('city'), invitedCity);
  const landing = data.banners?.landing_page;
  const picture = landing?.mobile_picture ?? data.banners?.home_page?.desktop_picture;

  return (
    <div className="event-page">
      <div className="event-hero">
        {picture ? <img className="event-hero__image" src={picture} alt="" width={1440} height={480} fetchPriority="high" /> : null}
        <div className="container event-hero__content">
          {landing?.slider_logo || data.event_type.logo ? (
            <img
              className="event-hero__logo"
              src={landing?.slider_logo ?? data.event_type.logo ?? ''}
              alt={data.event_type.title}
              width={88}
              height={88}
            />
          ) : null}
          <PageTitle lead={data.description ?? undefined}>{data.title}</PageTitle>
        </div>
      </div>
      <div className="container page">
        {promocode ? (
          <p className="notice" role="status">
            {t('event.promocode', { code: promocode })}
          </p>
        ) : null}
        {data.external_url ? (
          <p>
            <a className="button" href={data.external_url} target="_blank" rel="noopener noreferrer">
              {t('event.external')}
            </a>
          </p>
        ) : null}
        {eventCity ? (
          <section aria-labelledby="event-formats">
            <div className="section__head">
              <h2 id="event-formats">{t('event.formatsIn', { city: placeName(eventCity.city) })}</h2>
              {data.event_city.length > 1 ? (
                <button type="button" className="button button--secondary" onClick={() => setCityOpen(true)} aria-haspopup="dialog">
                  {t('event.changeCity')}
                </button>
              ) : null}
            </div>
            <p className="event-page__where">
              <time dateTime={eventCity.start_time}>{formatDateTime(eventCity.start_time, eventCity.timezone)}</time>
              {eventCity.address ? ` · ${eventCity.address}` : ''}
            </p>
            <Formats event={data} eventCity={eventCity} promocode={promocode} highlight={formatId} />
            <PartnerFormats eventCityId={eventCity.public_id} timezone={eventCity.timezone} />
            <CityPopup
              open={cityOpen}
              onClose={() => setCityOpen(false)}
              cities={data.event_city}
              selected={eventCity.public_id}
              onSelect={(id) => {
                const next = new URLSearchParams(params);
                next.set('city', id);
                setParams(next, { replace: true });
              }}
            />
          </section>
        ) : (
          <EmptyState>{t('event.noCities')}</EmptyState>
        )}
        <RelatedProducts eventId={data.public_id} />
      </div>
    </div>
  );
}
