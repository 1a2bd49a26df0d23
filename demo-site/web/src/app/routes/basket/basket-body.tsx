import type { QueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { checkAvailability } from '../../../features/basket/api/check-availability';
import { createPayment, createTemporaryPayment } from '../../../features/basket/api/create-payment';
import {
  deliveryMethodsQuery,
  regionCitiesQuery,
  regionsQuery,
  ticketDeliveryMethodsQuery,
  useDeliveryPrice,
  useTicketDeliveryPrice,
} from '../../../features/basket/api/delivery';
import { eventFormatOptionsQuery } from '../../../features/basket/api/event-format';
import { insuranceOffersQuery, useInsuranceOffers } from '../../../features/basket/api/insurances';
import { useLineTexts } from '../../../features/basket/api/line-texts';
import { salesQuery, useSales } from '../../../features/basket/api/sales';
import { getUserBasket } from '../../../features/basket/api/user-basket';
import { useVipTicketFormats } from '../../../features/basket/api/vip-tickets';
import type { BasketItem, InsuranceLine, TicketLine } from '../../../features/basket/basket-items';
import {
  basketTotals,
  certificatePays,
  dropStale,
  ensureDefaultInsurances,
  firstTicketId,
  formatRubles,
  groupLines,
  type InsuranceOffer,
  isTemporaryPayer,
  lineFigures,
  PAY_RESET_MS,
  participantTickets,
  payBlockers,
  paymentPayload,
  promocodeAllowed,
  salesOf,
  shouldLoadServerBasket,
  type VipDiscount,
} from '../../../features/basket/basket-model';
import { basketActions, getBasket, useBasket } from '../../../features/basket/basket-store';
import { BasketLine } from '../../../features/basket/components/basket-line';
import {
  DeliveryPicker,
  type DeliveryState,
  deliveryPayload,
  deliveryResolved,
  initialDelivery,
} from '../../../features/basket/components/delivery-picker';
import { RequiredCountPopup } from '../../../features/basket/components/required-count-popup';
import { ShopBanners } from '../../../features/basket/components/shop-banners';
import { SimilarEvents } from '../../../features/basket/components/similar-events';
import { type StaleEvent, StaleTickets } from '../../../features/basket/components/stale-tickets';
import { type InsuranceValues, insuranceInfo } from '../../../features/basket/insurance-schema';
import { requiredCountPopup, requiredTicketCountError } from '../../../features/basket/required-count';
import { newBasketId } from '../../../features/basket/use-shop-basket';
import { type AppliedCertificate, CertificateCodeField } from '../../../features/certificates/components/certificate-code-field';
import { clubsQuery } from '../../../features/clubs/api/get-clubs';
import { eventsQuery } from '../../../features/events/api/get-events';
import type { ChosenTicket } from '../../../features/events/similar';
import { productQuery } from '../../../features/shop/api/get-product';
import { relatedProductsQuery } from '../../../features/shop/api/get-related';
import { shopBannersQuery } from '../../../features/shop/api/get-shop-banners';
import { clearOffer, offerFor } from '../../../features/waitlist/offer-store';
import { isApiError } from '../../../lib/api-client';
import { getToken, markSessionRejected, removeToken, useIsAuthenticated } from '../../../lib/auth';
import { emailPattern } from '../../../lib/contact-rules';
import { errorAction } from '../../../lib/error-catalogue';
import { useTranslation } from '../../../lib/i18n';
import { readJson, storageKeys, writeJson, writeString } from '../../../lib/storage';
import { RelatedProducts } from '../shop/related-products';
import '../../../locales/basket';

interface StoredUser {
  email?: string;
  role?: string[];
  discount?: number | null;
  discount_form?: string | null;
  temporary?: boolean;
  has_password?: boolean;
  phone_confirmed?: boolean;
}

const NO_EVENTS: readonly ChosenTicket[] = [];

const storedUser = (): StoredUser | null => readJson<StoredUser | null>(storageKeys.user, null);

/**
 * The data the basket shows first, for the lines it holds. On a visit that opens here the screen
 * paints its heading first and asks for these only then (basket.tsx, useShellFirst): requests sent
 * before that paint delay it (the page's largest text is the heading's lead), and the lines wait for
 * them (up to a bound) so that their first render is complete rather than followed at once by a
 * second, larger one that shifts the page when the answers arrive.
 */
export const prefetchBasket = async (client: QueryClient, onSent?: () => void) => {
  const { goods } = getBasket();
  const jobs: (() => Promise<unknown>)[] = [() => client.prefetchQuery(eventsQuery())];
  if (goods.length > 0) jobs.push(() => client.prefetchQuery(shopBannersQuery()));
  if (goods.some((item) => item.selector === 'ticket'))
    jobs.push(
      () => client.prefetchQuery(insuranceOffersQuery()),
      () => client.prefetchQuery(salesQuery()),
    );
  // Each ticket format's options (insurance, clubs), and the club list when one offers clubs: the
  // lines' insurance checkbox and club button are then in the first render, not a second one that
  // shifts the page when the answers arrive.
  const formatIds = new Set(goods.flatMap((item) => (item.selector === 'ticket' ? [item.format_public_id] : [])));
  if (formatIds.size > 0)
    jobs.push(() =>
      Promise.all([...formatIds].map((formatId) => client.fetchQuery(eventFormatOptionsQuery(formatId))))
        .then((formats) => (formats.some((format) => format.clubs) ? client.prefetchQuery(clubsQuery()) : undefined))
        // A format that fails is asked again by its line (as before the prefetch).
        .catch(() => undefined),
    );
  // What the lines ask for as they mount — a format's start-pack deliveries, an event's goods, a
  // product's texts in the site's language — asked here too, so that the first render's effects
  // start no requests (a long task on a phone) and the answers do not re-render the page one by one.
  for (const formatId of formatIds) jobs.push(() => client.prefetchQuery(ticketDeliveryMethodsQuery(formatId)));
  const eventIds = new Set(goods.flatMap((item) => (item.selector === 'ticket' ? [item.event.public_id] : [])));
  for (const eventId of eventIds) jobs.push(() => client.prefetchQuery(relatedProductsQuery(eventId)));
  const productIds = new Set(goods.flatMap((item) => (item.selector === 'shop' ? [item.public_id] : [])));
  for (const productId of productIds) jobs.push(() => client.prefetchQuery({ ...productQuery(productId), staleTime: 300_000 }));
  if (goods.some((item) => item.selector === 'shop'))
    jobs.push(
      () => client.prefetchQuery(deliveryMethodsQuery()),
      () => client.prefetchQuery(regionsQuery()),
      () => client.prefetchQuery(regionCitiesQuery(initialDelivery.regionId)),
    );
  // One job per task: each request's start (and an answer already come, parsed at once) is a few
  // milliseconds of a phone's main thread, and all of them in one task blocked it for over 100 ms.
  const started: Promise<unknown>[] = [];
  for (const [index, job] of jobs.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    started.push(job());
  }
  onSent?.();
  return Promise.all(started);
};

/** A group of lines under its heading: a ticket group names its event in the site's language now (useLineTexts). */
function BasketGroup({ firstItem, children }: { firstItem: BasketItem | null; children: ReactNode }) {
  const { t } = useTranslation();
  const { eventTitle } = useLineTexts(firstItem?.selector === 'ticket' ? firstItem : null);
  const heading =
    firstItem?.selector === 'ticket'
      ? t('basket.ticketsFor', { title: eventTitle })
      : firstItem?.selector === 'shop'
        ? t('basket.shopGroup')
        : firstItem?.selector === 'insurance'
          ? t('basket.insuranceGroup')
          : t('basket.certificateGroup');
  return (
    <section className="basket-group" aria-label={heading}>
      <h2 className="basket-group__title">{heading}</h2>
      {children}
    </section>
  );
}

/** The basket's content under its heading (basket.tsx shows it once its first data has come). */
export function BasketBody() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { goods } = useBasket();
  const signedIn = useIsAuthenticated();
  const user = useMemo(() => (signedIn ? storedUser() : null), [signedIn]);
  const [email, setEmail] = useState(() => user?.email?.toLowerCase() ?? '');
  const [emailTouched, setEmailTouched] = useState(false);
  const [register, setRegister] = useState(true);
  const [delivery, setDelivery] = useState<DeliveryState>(initialDelivery);
  const [inProgress, setInProgress] = useState(false);
  const [validateSignal, setValidateSignal] = useState(0);
  const [popup, setPopup] = useState<null | 'paymentError' | 'unavailable' | 'security' | 'stale'>(
    (location.state as { paymentError?: boolean } | null)?.paymentError ? 'paymentError' : null,
  );
  const [paymentMessage, setPaymentMessage] = useState<string | null>(null);
  const [giftCertificate, setGiftCertificate] = useState<AppliedCertificate | null>(null);
  const [staleEvents, setStaleEvents] = useState<StaleEvent[]>([]);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // ticketing-shop §4: on open, when the basket is empty but the local copy has items, the server basket is loaded.
  useEffect(() => {
    const load = shouldLoadServerBasket({
      signedIn: getToken() !== null,
      goods: getBasket().goods,
      localCopy: readJson<unknown>(storageKeys.guestBasket, []),
    });
    if (!load) return;
    let live = true;
    getUserBasket()
      .then((answer) => {
        if (live && answer.goods.length > 0) basketActions.load(answer.goods);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  // ticketing-shop §4 hold time: space tickets over 10 minutes leave with the stale notice (checked each minute).
  useEffect(() => {
    const check = () => {
      const { stale } = dropStale(getBasket().goods, Date.now());
      if (stale.length === 0) return;
      basketActions.apply((current) => dropStale(current, Date.now()).goods);
      setStaleEvents(stale.map((ticket) => ticket.event));
      setPopup('stale');
    };
    check();
    const timer = setInterval(check, 30_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const hasTickets = goods.some((item) => item.selector === 'ticket');
  const offers = useInsuranceOffers(hasTickets);
  const defaultOffer: InsuranceOffer | null = useMemo(() => {
    const offer = offers.data?.values.find((candidate) => candidate.default) ?? offers.data?.values[0];
    return offer ? { ...offer, title: offer.title ?? offer.name ?? '' } : null;
  }, [offers.data]);

  // ticketing-shop §4: a ticket flagged for insurance without its line (a basket saved, or moved from
  // the server's, without it) gets the default insurance.
  useEffect(() => {
    if (!defaultOffer) return;
    const current = goods;
    const next = ensureDefaultInsurances(current, defaultOffer, newBasketId);
    if (next.length !== current.length) basketActions.apply((latest) => ensureDefaultInsurances(latest, defaultOffer, newBasketId));
  }, [defaultOffer, goods]);

  const vip: VipDiscount | null =
    user?.role?.includes('vip') && typeof user.discount === 'number'
      ? { discount: user.discount, discount_form: user.discount_form ?? 'percent' }
      : null;
  const firstTicket = firstTicketId(goods);
  // ticketing-shop §6: the vip ticket list, loaded when the basket opens for a vip.
  const vipTickets = useVipTicketFormats(vip !== null);

  const shopGoods = goods.filter((item) => item.selector === 'shop');
  const hasShop = shopGoods.length > 0;
  const deliveryQuote = useDeliveryPrice({
    cityId: hasShop ? delivery.cityId : null,
    methodId: delivery.method?.public_id ?? null,
    goods: shopGoods.map((item) => ({ public_id: item.public_id, count: item.count })),
  });
  // A ticket's start pack by courier (ticketing-shop: formats with delivery) needs the same city and address.
  const ticketDeliveries = goods.flatMap((item) =>
    item.selector === 'ticket' && item.delivery_public_id && item.delivery_method
      ? [
          {
            format_public_id: item.format_public_id,
            count: item.count,
            delivery_public_id: item.delivery_public_id,
            method: item.delivery_method,
          },
        ]
      : [],
  );
  const ticketCourier = ticketDeliveries.find((line) => !line.method.pickup)?.method ?? null;
  const addressNeeded = hasShop || ticketCourier !== null;
  // Without goods the section's method is the start pack's courier (its fields then required).
  const deliveryState = hasShop ? delivery : { ...delivery, method: ticketCourier };
  const ticketQuote = useTicketDeliveryPrice({
    cityId: ticketCourier ? delivery.cityId : null,
    tickets: ticketDeliveries.map(({ method: _method, ...line }) => line),
  });
  const deliveryRubles =
    (hasShop && delivery.method ? (deliveryQuote.data?.delivery.cost ?? 0) : 0) +
    (ticketCourier ? (ticketQuote.data?.delivery.cost ?? 0) : 0);
  // ticketing-shop §9: the sales running now, per ticket line (the payment prices them again).
  const salesData = useSales(hasTickets).data;
  const sales = useMemo(() => salesOf(goods, salesData ?? [], Date.now()), [goods, salesData]);
  const totals = basketTotals(goods, { vip, deliveryRubles, sales });
  // A gift certificate pays what it has left, up to the basket without certificates (the server decides again).
  const certificatePaid = giftCertificate ? certificatePays(totals, giftCertificate.left) : 0;
  const toPay = totals.total - certificatePaid;

  const emailValid = emailPattern.test(email.trim());
  const blockers = payBlockers({ goods, emailValid, inProgress, deliveryResolved: !addressNeeded || deliveryResolved(deliveryState) });

  const groups = groupLines(goods);
  const insuranceOf = (ticket: TicketLine) =>
    (goods.find((item) => item.selector === 'insurance' && item.linkedTo === ticket.unique_id) as InsuranceLine | undefined) ?? null;

  const pay = async () => {
    setValidateSignal((value) => value + 1);
    setEmailTouched(true);
    setDelivery((state) => ({ ...state, touched: true }));
    if (blockers.length > 0) return;
    const countError = requiredTicketCountError(goods);
    if (countError) {
      requiredCountPopup.show(countError);
      return;
    }
    setInProgress(true);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setInProgress(false), PAY_RESET_MS);
    try {
      // ticketing-shop §4 "Before payment": every format and kind checked for the count wanted.
      const wanted = new Map<string, { format: string; kind: string; count: number }>();
      for (const item of goods) {
        if (item.selector !== 'ticket') continue;
        const key = `${item.format_public_id}:${item.kind}`;
        const entry = wanted.get(key) ?? { format: item.format_public_id, kind: item.kind, count: 0 };
        entry.count += item.count;
        wanted.set(key, entry);
      }
      // A waiting-list offer's place is held for it, not on sale (issue 35): its format is not asked.
      const offer = offerFor([...wanted.values()].map((entry) => entry.format));
      for (const entry of wanted.values()) {
        if (offer && entry.format === offer.format_public_id) continue;
        try {
          await checkAvailability(entry.format, entry.count, entry.kind);
        } catch (error) {
          if (isApiError(error) && error.status === 400) {
            setPopup('unavailable');
            return;
          }
          throw error;
        }
      }
      const body = paymentPayload(goods, {
        email,
        register: !signedIn && register,
        infoOf: (ticket) => (ticket.preregistration ? (ticket.participant ?? null) : null),
        delivery: addressNeeded ? deliveryPayload(deliveryState) : null,
        certificateCode: giftCertificate?.code ?? null,
        insuranceInfo: (line) =>
          line.preReg === 'ok' && line.info
            ? insuranceInfo(
                { activation_delay: line.activation_delay, format_start_time: line.format_start_time, isStartDate: line.isStartDate },
                line.info as unknown as InsuranceValues,
              )
            : null,
      });
      if (offer) Object.assign(body, { waitlist_code: offer.code });
      // accounts-sso §7 / ticketing-shop §6: a temporary user pays for their own e-mail without the token.
      const temporary = isTemporaryPayer(user) && body.email === user?.email?.toLowerCase();
      const result = temporary ? await createTemporaryPayment(body) : await createPayment(body);
      // The offer's place is the order's now (paid or not, it never goes back to this link).
      if (offer) clearOffer();
      if (result.token && !signedIn) {
        // A guest who asked for an account is signed in with it (accounts-sso §4.1).
        writeString(storageKeys.token, result.token);
        if (result.user) writeJson(storageKeys.user, result.user);
      }
      globalThis.location.assign(result.redirect_url);
    } catch (error) {
      // The stored session has ended (accounts-sso §6): sign in again and come back to this basket, kept as it is.
      const action = errorAction(error);
      if (action.kind === 'login') {
        if (action.removeToken) removeToken();
        else markSessionRejected();
        void navigate('/login', { state: { from: '/basket' } });
        return;
      }
      setPaymentMessage(isApiError(error) && error.status === 400 && error.message ? error.message : null);
      setPopup('paymentError');
    }
  };

  // The parts below the lines take no part in a line's change: they keep their props (stable
  // callbacks, the event ids by content) and React skips them when a query answer or a count
  // re-renders the screen — each answer that arrives is one render of the whole screen otherwise.
  const chosenKey = goods
    .flatMap((item) => (item.selector === 'ticket' ? [[item.event.public_id, item.event_city.public_id, item.title].join('\t')] : []))
    .join('\n');
  const basketTickets = useMemo<readonly ChosenTicket[]>(
    () =>
      chosenKey
        ? [...new Set(chosenKey.split('\n'))].map((line) => {
            const [eventId = '', eventCityId = '', formatTitle = ''] = line.split('\t');
            return { eventId, eventCityId, formatTitle };
          })
        : NO_EVENTS,
    [chosenKey],
  );
  const closePopup = useCallback(() => setPopup(null), []);
  const closePopupAndState = useCallback(() => {
    setPopup(null);
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  if (goods.length === 0 && popup !== 'stale') {
    return (
      <>
        <div className="basket-empty">
          <p>{t('basket.empty')}</p>
          <Link to="/calendar" className="button">
            {t('basket.toCalendar')}
          </Link>
        </div>
        <SimilarEvents chosen={NO_EVENTS} />
        <BasketPopups popup={popup} onClose={closePopup} message={paymentMessage} staleEvents={staleEvents} />
      </>
    );
  }

  return (
    <>
      <p className="basket-page__actions">
        <Link to="/calendar">{t('basket.calendarLink')}</Link>
        <button type="button" className="button button--secondary button--small" onClick={() => basketActions.clear()}>
          {t('basket.clear')}
        </button>
      </p>
      <div className="basket-layout">
        <section className="basket-lines" aria-label={t('basket.lines')}>
          {groups.map((group) => {
            const firstItem = group.items[0];
            return (
              <BasketGroup key={group.id} firstItem={firstItem ?? null}>
                {group.items.map((item) => {
                  let participants: TicketLine[] = [];
                  if (item.selector === 'ticket' && item.preregistration) {
                    participants = participantTickets(goods, item);
                    // One card per preregistration format: its first ticket shows the others as tabs.
                    if (participants[0] !== item) return null;
                  }
                  return (
                    <BasketLine
                      key={item.unique_id + item.selector}
                      item={item}
                      figures={lineFigures(item, {
                        vip,
                        firstVipTicket: item.unique_id === firstTicket,
                        sale: sales.get(item.unique_id) ?? null,
                      })}
                      participants={participants}
                      insurance={item.selector === 'ticket' ? insuranceOf(item) : null}
                      insuranceOffer={item.selector === 'ticket' ? defaultOffer : null}
                      promocodeAllowed={promocodeAllowed(item, {
                        vipTicketId: vip ? firstTicket : null,
                        vipListFormats: vipTickets.data ?? [],
                      })}
                      validateSignal={validateSignal}
                    />
                  );
                })}
                {firstItem?.selector === 'ticket' ? <RelatedProducts eventId={firstItem.event.public_id} level={3} /> : null}
              </BasketGroup>
            );
          })}
        </section>

        <aside className="basket-summary" aria-labelledby={`${id}-summary`}>
          <h2 id={`${id}-summary`} className="basket-summary__title">
            {t('basket.summary')}
          </h2>
          <dl className="basket-summary__sections">
            {(
              [
                ['sectionTickets', totals.tickets, goods.some((item) => item.selector === 'ticket')],
                ['sectionInsurance', totals.insurance, goods.some((item) => item.selector === 'insurance')],
                ['sectionCertificates', totals.certificates, goods.some((item) => item.selector === 'certificate')],
                ['sectionShop', totals.shop, hasShop],
                ['sectionDelivery', totals.delivery, (hasShop && delivery.method !== null) || ticketCourier !== null],
              ] as const
            )
              .filter(([, , shown]) => shown)
              .map(([label, amount]) => (
                <div key={label}>
                  <dt>{t(`basket.${label}`)}</dt>
                  <dd>{formatRubles(amount)}</dd>
                </div>
              ))}
            {certificatePaid > 0 ? (
              <div>
                <dt>{t('basket.gifts.paidByCertificate')}</dt>
                <dd>−{formatRubles(certificatePaid)}</dd>
              </div>
            ) : null}
            <div className="basket-summary__total">
              <dt>{t('basket.total')}</dt>
              <dd>{formatRubles(toPay)}</dd>
            </div>
          </dl>

          <CertificateCodeField applied={giftCertificate} pays={certificatePaid} onChange={setGiftCertificate} />

          {addressNeeded ? (
            <DeliveryPicker
              state={deliveryState}
              withMethods={hasShop}
              onChange={(next) => setDelivery(hasShop ? next : { ...next, method: delivery.method })}
            />
          ) : null}

          <div className="field">
            <label htmlFor={`${id}-email`}>{t('basket.email')}</label>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value.toLowerCase())}
              onBlur={() => setEmailTouched(true)}
              aria-invalid={emailTouched && !emailValid ? true : undefined}
              aria-describedby={emailTouched && !emailValid ? `${id}-email-error` : undefined}
            />
            {emailTouched && !emailValid ? (
              <p id={`${id}-email-error`} className="field-error">
                {t('basket.emailError')}
              </p>
            ) : null}
          </div>
          {!signedIn ? (
            <label className="checkbox">
              <input type="checkbox" checked={register} onChange={(event) => setRegister(event.target.checked)} />
              {t('basket.register')}
            </label>
          ) : null}

          <button
            type="button"
            className="button basket-summary__pay"
            aria-disabled={blockers.length > 0 ? true : undefined}
            aria-describedby={blockers.length > 0 ? `${id}-blockers` : undefined}
            disabled={inProgress}
            onClick={() => void pay()}
          >
            {inProgress ? t('basket.paying') : t('basket.pay', { total: formatRubles(toPay) })}
          </button>
          {blockers.length > 0 ? (
            <ul id={`${id}-blockers`} className="basket-summary__blockers">
              {blockers
                .filter((blocker) => blocker !== 'inProgress')
                .map((blocker) => (
                  <li key={blocker}>{t(`basket.payBlocked.${blocker}`)}</li>
                ))}
            </ul>
          ) : null}
          <p className="basket-summary__terms">
            {t('basket.terms')}{' '}
            <a href="/api/files/document/pers" target="_blank" rel="noreferrer">
              {t('basket.termsPers')}
            </a>{' '}
            {t('basket.termsAnd')}{' '}
            <a href="/api/files/document/offers" target="_blank" rel="noreferrer">
              {t('basket.termsOffers')}
            </a>
          </p>
          <button type="button" className="link-button" onClick={() => setPopup('security')}>
            {t('basket.security')}
          </button>
        </aside>
      </div>
      <ShopBanners />
      <SimilarEvents chosen={basketTickets} />
      <BasketPopups popup={popup} onClose={closePopupAndState} message={paymentMessage} staleEvents={staleEvents} />
      <RequiredCountPopup />
    </>
  );
}

/** One of the basket's popups: its text and a single button that closes it. */
function BasketPopup({
  open,
  onClose,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {children}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </Dialog>
  );
}

const BasketPopups = memo(function BasketPopups({
  popup,
  onClose,
  message,
  staleEvents,
}: {
  popup: null | 'paymentError' | 'unavailable' | 'security' | 'stale';
  onClose: () => void;
  message: string | null;
  staleEvents: StaleEvent[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <BasketPopup
        open={popup === 'paymentError'}
        onClose={onClose}
        title={t('basket.popups.paymentErrorTitle')}
        closeLabel={t('basket.popups.backToBasket')}
      >
        <p>{t('basket.popups.paymentErrorText')}</p>
        {message ? <p className="field-error">{message}</p> : null}
      </BasketPopup>
      <BasketPopup
        open={popup === 'unavailable'}
        onClose={onClose}
        title={t('basket.popups.unavailableTitle')}
        closeLabel={t('basket.understood')}
      >
        <p>{t('basket.popups.unavailable')}</p>
      </BasketPopup>
      <BasketPopup open={popup === 'stale'} onClose={onClose} title={t('basket.popups.staleTitle')} closeLabel={t('basket.understood')}>
        <StaleTickets events={staleEvents} />
      </BasketPopup>
      <BasketPopup open={popup === 'security'} onClose={onClose} title={t('basket.security')} closeLabel={t('basket.understood')}>
        <p>{t('basket.securityText')}</p>
      </BasketPopup>
    </>
  );
});
