import { formatDateTime } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import { usePartnerFormats } from '../api/get-event-formats';

/**
 * The formats a partner sells for this event city (GET /api/external/formats/{event_city_id}), each
 * with the partner's link: registration happens on the partner's site, not in the basket. Nothing
 * shows when the city has none (or the list cannot be read: the site's own formats stay usable).
 */
export function PartnerFormats({ eventCityId, timezone }: { eventCityId: string; timezone?: string | null | undefined }) {
  const { t } = useTranslation();
  const formats = usePartnerFormats(eventCityId);
  const values = formats.data?.values ?? [];
  if (values.length === 0) return null;
  return (
    <section aria-labelledby="partner-formats" className="section">
      <h3 id="partner-formats">{t('event.partnerFormats')}</h3>
      <p className="field-hint">{t('event.partnerFormatsLead')}</p>
      <ul className="card-grid card-grid--3">
        {values.map((format) => (
          <li key={format.public_id}>
            <article className="card format-card" aria-label={format.title}>
              <h4 className="card__title">{format.title}</h4>
              {format.description ? <p>{format.description}</p> : null}
              <dl className="format-card__facts">
                {format.start_time ? (
                  <div>
                    <dt>{t('event.start')}</dt>
                    <dd>
                      <time dateTime={format.start_time}>{formatDateTime(format.start_time, timezone)}</time>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('event.price')}</dt>
                  <dd className="format-card__price">{formatRubles(format.price)}</dd>
                </div>
              </dl>
              <a
                className="button button--secondary"
                href={format.link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t('event.external')}: ${format.title}`}
              >
                {t('event.external')}
              </a>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
