import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { placeName, useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import { addInsuranceLine } from '../../basket/basket-model';
import { basketActions } from '../../basket/basket-store';
import { newBasketId } from '../../basket/use-shop-basket';
import { useEvents } from '../../events/api/get-events';
import { useFormatOffers, useInsurableFormats } from '../api/insurance-chain';
import { canBuy, choose, emptyChoice, type InsuranceChoice, insurableWindow } from '../chain';
import '../../../locales/cabinet';

/**
 * «Выбор события страхования» (accounts-sso §2.8, §4.7): event → city → format, each choice clearing
 * the ones after it; then the offer, the terms checkbox and «Купить», which puts the insurance in the
 * basket and goes there.
 */
export function InsurancePopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('cabinet.insurances.popupTitle')}>
      {open ? <InsuranceChain /> : null}
    </Dialog>
  );
}

function InsuranceChain() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<InsuranceChoice>(emptyChoice);
  const [agreed, setAgreed] = useState(false);
  const ids = { event: useId(), city: useId(), format: useId() };
  const events = useEvents();
  const now = new Date();
  const insurable = (events.data?.values ?? [])
    .map((event) => ({ ...event, event_city: event.event_city.filter((place) => insurableWindow(place.start_time, now)) }))
    .filter((event) => event.event_city.length > 0);
  const cities = insurable.find((event) => event.public_id === choice.event)?.event_city ?? [];
  const formats = useInsurableFormats(choice.city);
  const offers = useFormatOffers(choice.format);
  const offer = offers.data?.values[0];
  const unavailable =
    (choice.city !== '' && formats.data?.values.length === 0) || (choice.format !== '' && offers.data?.values.length === 0);

  const pick = (field: keyof InsuranceChoice, value: string) => {
    setChoice(choose(choice, field, value));
    setAgreed(false);
  };
  const buy = () => {
    if (!offer) return;
    basketActions.apply((goods) =>
      addInsuranceLine(goods, offer, {
        newId: newBasketId,
        formatPublicId: offer.format_public_id ?? choice.format,
        formatStartTime: offer.format_start_time ?? null,
      }),
    );
    navigate('/basket');
  };

  return (
    <div className="form">
      <div className="field">
        <label htmlFor={ids.event}>{t('cabinet.insurances.event')}</label>
        <select id={ids.event} value={choice.event} onChange={(event) => pick('event', event.target.value)}>
          <option value="">{t('cabinet.insurances.choose')}</option>
          {insurable.map((event) => (
            <option key={event.public_id} value={event.public_id}>
              {event.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.city}>{t('cabinet.insurances.city')}</label>
        <select id={ids.city} value={choice.city} disabled={choice.event === ''} onChange={(event) => pick('city', event.target.value)}>
          <option value="">{t('cabinet.insurances.choose')}</option>
          {cities.map((place) => (
            <option key={place.public_id} value={place.public_id}>
              {placeName(place.city)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.format}>{t('cabinet.insurances.format')}</label>
        <select
          id={ids.format}
          value={choice.format}
          disabled={choice.city === ''}
          onChange={(event) => pick('format', event.target.value)}
        >
          <option value="">{t('cabinet.insurances.choose')}</option>
          {(formats.data?.values ?? []).map((format) => (
            <option key={format.public_id} value={format.public_id}>
              {format.title}
            </option>
          ))}
        </select>
      </div>
      {unavailable ? (
        <p className="message message--error" role="alert">
          {t('cabinet.insurances.unavailable')}
        </p>
      ) : null}
      {offer ? (
        <section className="card" aria-label={offer.title}>
          <h3 className="card__title">{offer.title}</h3>
          {offer.subtitle ? <p>{offer.subtitle}</p> : null}
          {offer.description ? <p className="muted">{offer.description}</p> : null}
          <p>
            <strong>{t('cabinet.insurances.price', { price: formatRubles(offer.price) })}</strong>
          </p>
          {offer.footnote ? <p className="field-hint">{offer.footnote}</p> : null}
          {offer.legals ? (
            <p>
              <a href={offer.legals} target="_blank" rel="noreferrer">
                {t('cabinet.insurances.termsLink')}
                <span className="sr-only"> {t('common.opensInNewTab')}</span>
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>{t('cabinet.insurances.agree')}</span>
      </label>
      <div className="dialog__actions">
        <button type="button" className="button" disabled={!canBuy(choice, offer !== undefined, agreed)} onClick={buy}>
          {t('cabinet.insurances.purchase')}
        </button>
      </div>
    </div>
  );
}
