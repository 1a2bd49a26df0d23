import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorState, Loading } from '../../../components/ui/states';
import { emailPattern } from '../../../lib/contact-rules';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import type { CertificateLine } from '../../basket/basket-items';
import { basketActions } from '../../basket/basket-store';
import { newBasketId } from '../../basket/use-shop-basket';
import { type CertificateOffer, useCertificates } from '../api/certificates';
import '../../../locales/basket';
import './certificates.css';

/** A basket line for one certificate of an amount, with its recipient (ticketing-shop §3, selector certificate). */
export function certificateLine(offer: CertificateOffer, recipient: CertificateLine['recipient'], uniqueId: string): CertificateLine {
  return {
    selector: 'certificate',
    public_id: offer.public_id,
    unique_id: uniqueId,
    title: offer.title,
    price: offer.price,
    count: 1,
    totalCost: offer.price,
    promocode: null,
    logo: offer.picture ?? null,
    recipient,
  };
}

/**
 * Gift certificates on the shop page (`/shop#certificates`; the footer links here): the amounts, whom
 * it is for, and «В корзину». The basket pays for it with the sandbox like any line; the code is sent
 * after payment and shown on the order.
 */
export function CertificateShop() {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const offers = useCertificates();
  const section = useRef<HTMLElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [added, setAdded] = useState<CertificateOffer | null>(null);
  const emailInvalid = email.trim() !== '' && !emailPattern.test(email.trim());

  // The footer's link leads here: the page scrolls to the section once it is drawn.
  useEffect(() => {
    if (location.hash === '#certificates' && offers.data) section.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, offers.data]);

  const add = (offer: CertificateOffer) => {
    setEmailTouched(true);
    if (emailInvalid) return;
    const recipient =
      name.trim() || email.trim() || message.trim() ? { name: name.trim(), email: email.trim(), message: message.trim() } : null;
    basketActions.add(certificateLine(offer, recipient, newBasketId()));
    setAdded(offer);
  };

  return (
    <section id="certificates" ref={section} aria-labelledby={`${id}-title`} className="section certificates">
      <h2 id={`${id}-title`}>{t('basket.gifts.title')}</h2>
      <p className="certificates__lead">{t('basket.gifts.lead')}</p>
      {offers.isPending ? <Loading /> : null}
      {offers.isError ? <ErrorState error={offers.error} onRetry={() => void offers.refetch()} /> : null}
      {offers.data ? (
        <>
          <fieldset className="certificates__recipient">
            <legend>{t('basket.gifts.recipient')}</legend>
            <div className="field">
              <label htmlFor={`${id}-name`}>{t('basket.gifts.recipientName')}</label>
              <input id={`${id}-name`} value={name} maxLength={100} autoComplete="off" onChange={(event) => setName(event.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-email`}>{t('basket.gifts.recipientEmail')}</label>
              <input
                id={`${id}-email`}
                type="email"
                inputMode="email"
                value={email}
                maxLength={254}
                autoComplete="off"
                onChange={(event) => setEmail(event.target.value.toLowerCase())}
                onBlur={() => setEmailTouched(true)}
                aria-invalid={emailTouched && emailInvalid ? true : undefined}
                aria-describedby={emailTouched && emailInvalid ? `${id}-email-error` : `${id}-optional`}
              />
              {emailTouched && emailInvalid ? (
                <p id={`${id}-email-error`} className="field-error">
                  {t('basket.emailError')}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-message`}>{t('basket.gifts.recipientMessage')}</label>
              <textarea
                id={`${id}-message`}
                value={message}
                maxLength={300}
                rows={2}
                onChange={(event) => setMessage(event.target.value)}
              />
            </div>
            <p id={`${id}-optional`} className="field-hint">
              {t('basket.gifts.optional')}
            </p>
          </fieldset>
          <ul className="certificates__grid">
            {offers.data.values.map((offer) => (
              <li key={offer.public_id} className="card certificates__card">
                {offer.picture ? <img src={offer.picture} alt="" width={320} height={200} loading="lazy" /> : null}
                <h3 className="card__title">{t('basket.gifts.amount', { price: formatRubles(offer.price) })}</h3>
                {offer.description ? <p>{offer.description}</p> : null}
                <button
                  type="button"
                  className="button"
                  aria-label={t('basket.gifts.addAmount', { price: formatRubles(offer.price) })}
                  onClick={() => add(offer)}
                >
                  {t('basket.gifts.add')}
                </button>
              </li>
            ))}
          </ul>
          <p role="status" className="certificates__status">
            {added ? (
              <>
                {t('basket.gifts.added', { price: formatRubles(added.price) })} <Link to="/basket">{t('basket.gifts.toBasket')}</Link>
              </>
            ) : null}
          </p>
        </>
      ) : null}
    </section>
  );
}
