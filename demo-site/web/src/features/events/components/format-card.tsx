import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import { WaitlistJoin } from '../../waitlist/components/waitlist-join';
import type { EventFormat } from '../api/get-event-formats';
import { formatKind, formatSeats, isSoldOut, ticketsLeft } from '../format-rules';

/**
 * A ticket format (ticketing-shop §3): title, start, price, tickets left, the seats label (10 by
 * default, ticketing-shop §9) and the add-to-basket button.
 */
export function FormatCard({
  format,
  inBasket,
  highlighted,
  onAdd,
}: {
  format: EventFormat;
  inBasket: boolean;
  highlighted?: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const left = ticketsLeft(format, formatKind(format));
  const soldOut = isSoldOut(format, formatKind(format));
  const seats = formatSeats(format);
  return (
    <article className={`card format-card${highlighted ? ' format-card--highlighted' : ''}`} aria-label={format.title}>
      <h3 className="card__title">{format.title}</h3>
      {format.hidden ? <p className="format-card__invitation">{t('event.invitationOnly')}</p> : null}
      {format.description ? <p>{format.description}</p> : null}
      <dl className="format-card__facts">
        {format.start_time ? (
          <div>
            <dt>{t('event.start')}</dt>
            <dd>
              <time dateTime={format.start_time}>{formatDateTime(format.start_time, format.timezone)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('event.price')}</dt>
          <dd className="format-card__price">{formatRubles(format.price)}</dd>
        </div>
        <div>
          <dt>{format.is_team ? t('event.teamSize') : t('event.perOrder')}</dt>
          <dd>{t('event.seats', { count: seats })}</dd>
        </div>
        {left !== null ? (
          <div>
            <dt>{t('event.ticketsLeftLabel')}</dt>
            <dd>{soldOut ? t('event.soldOut') : left}</dd>
          </div>
        ) : null}
      </dl>
      {inBasket ? (
        <Link to="/basket" className="button button--secondary">
          {t('event.inBasket')}
        </Link>
      ) : (
        <button type="button" className="button" disabled={soldOut} onClick={onAdd}>
          {soldOut ? t('event.soldOut') : t('event.addToBasket')}
          <span className="sr-only">: {format.title}</span>
        </button>
      )}
      {soldOut && !inBasket && !format.is_team ? <WaitlistJoin formatPublicId={format.public_id} title={format.title} /> : null}
    </article>
  );
}
