import { useQuery } from '@tanstack/react-query';
import { lazy, memo, Suspense, useId } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { eventFormatOptionsQuery } from '../api/event-format';
import { useInsuranceTitle } from '../api/insurances';
import { useLineTexts } from '../api/line-texts';
import { type BasketItem, basketKey, type InsuranceLine, type TicketLine } from '../basket-items';
import {
  addInsuranceLine,
  changeCount,
  countStep,
  formatRubles,
  type InsuranceOffer,
  type LineFigures,
  maxCount,
  removeInsurance,
  TICKET_COUNT_MIN,
  toKopecks,
} from '../basket-model';
import { basketActions } from '../basket-store';
import { fixedProductLinks } from '../fixed-products';
import { requiredCountPopup, requiredTicketCount } from '../required-count';
import { newBasketId } from '../use-shop-basket';
import { ClubPicker } from './club-picker';
import { CountStepper } from './count-stepper';
import { PromocodeField } from './promocode-field';
import { TeamNameField } from './team-name-field';
import { TicketDeliveryPicker } from './ticket-delivery-picker';
import '../../../locales/basket';

// The forms (react-hook-form, the participant rules) load only for a basket that has a participant or
// an insurance to fill: most baskets show neither, and the route's first render stays light.
const InsuranceForm = lazy(() => import('./insurance-form').then((module) => ({ default: module.InsuranceForm })));
const ParticipantTabs = lazy(() => import('./participant-tabs').then((module) => ({ default: module.ParticipantTabs })));
// The start number picker and the seat map load only for a format that offers them.
const TicketChoicePicker = lazy(() =>
  import('../../choices/components/ticket-choice').then((module) => ({ default: module.TicketChoicePicker })),
);

export interface BasketLineProps {
  item: BasketItem;
  figures: LineFigures;
  /** Participant tickets of a preregistration format (the first is `item`); empty otherwise. */
  participants: TicketLine[];
  insurance: InsuranceLine | null;
  insuranceOffer: InsuranceOffer | null;
  promocodeAllowed: boolean;
  validateSignal: number;
}

/**
 * One basket line (ticketing-shop §2 basket page): what it is, its count with the step, its price with
 * the sale, promocode and vip figures, its promocode, a ticket's insurance and participants, delete.
 */
/**
 * Props compared by what they mean: the figures by value, the participant tickets one by one. A count
 * change in a basket of many lines then re-renders that line only (the other items keep their identity).
 */
function sameLine(before: BasketLineProps, after: BasketLineProps): boolean {
  return (
    before.item === after.item &&
    before.insurance === after.insurance &&
    before.insuranceOffer === after.insuranceOffer &&
    before.promocodeAllowed === after.promocodeAllowed &&
    before.validateSignal === after.validateSignal &&
    before.figures.gross === after.figures.gross &&
    before.figures.sale === after.figures.sale &&
    before.figures.promo === after.figures.promo &&
    before.figures.vip === after.figures.vip &&
    before.figures.total === after.figures.total &&
    before.participants.length === after.participants.length &&
    before.participants.every((ticket, index) => ticket === after.participants[index])
  );
}

/** ticketing-shop §5: promocode entry is disabled for certificates — shown, not typed into, with the reason. */
function DisabledPromocode() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="promocode">
      <label htmlFor={`${id}-code`}>{t('basket.promocode')}</label>
      <div className="promocode__row">
        <input id={`${id}-code`} disabled aria-describedby={`${id}-off`} value="" readOnly />
      </div>
      <p id={`${id}-off`} className="field-hint">
        {t('basket.gifts.promocodeOff')}
      </p>
    </div>
  );
}

export const BasketLine = memo(function BasketLine({
  item,
  figures,
  participants,
  insurance,
  insuranceOffer,
  promocodeAllowed,
  validateSignal,
}: BasketLineProps) {
  const { t } = useTranslation();
  const key = basketKey(item);
  const ticket = item.selector === 'ticket' ? item : null;
  // Whether the format insures its participants (GET /api/event_format/{id}, cached per format).
  const format = useQuery({ ...eventFormatOptionsQuery(ticket?.format_public_id ?? ''), enabled: ticket !== null });
  const count = participants.length > 0 ? participants.length : item.count;
  const insured: TicketLine[] = participants.length > 0 ? participants : ticket ? [ticket] : [];
  // Title, event, address, size and joined team in the site's language now, not the stored ones.
  const texts = useLineTexts(item);
  const joinedTeam = texts.joinedTeam;
  // The title of a ticket's linked insurance, likewise (the line keeps the one it was added with).
  const linkedInsuranceTitle = useInsuranceTitle(insurance);
  const step = countStep(item);
  const max = maxCount(item);
  // A team or fixed-count format sells whole teams: below one the minus says why (ticketing-shop §2 popup).
  const required = participants.length > 0 ? null : requiredTicketCount(item);
  const atMinimum = item.count - step < Math.max(TICKET_COUNT_MIN, step);
  const onCount = (direction: 1 | -1) => {
    if (direction === -1 && required !== null && atMinimum) {
      requiredCountPopup.show({ title: texts.title, count: required });
      return;
    }
    basketActions.apply((goods) => changeCount(goods, key, direction, newBasketId, Date.now()));
  };
  const remove = () => {
    // A preregistration format goes with all its participant tickets.
    if (participants.length > 1) for (const other of participants.slice(1)) basketActions.removeWithLinks(basketKey(other));
    // The fixed event product takes its linked product with it (ticketing-shop §4).
    basketActions.removeWithLinks(key, fixedProductLinks);
  };

  return (
    <article className="basket-line" aria-labelledby={`line-${item.unique_id}`}>
      <div className="basket-line__head">
        {item.logo ? <img className="basket-line__logo" src={item.logo} alt="" width={56} height={56} loading="lazy" /> : null}
        <div className="basket-line__what">
          <h3 id={`line-${item.unique_id}`} className="basket-line__title">
            {texts.title}
          </h3>
          {ticket ? (
            <p className="basket-line__meta">
              {texts.eventTitle}
              {ticket.start_time ? ` · ${formatDateTime(ticket.start_time)}` : ''}
              {texts.address ? ` · ${texts.address}` : ''}
            </p>
          ) : null}
          {ticket?.isTeam ? (
            <p className="basket-line__meta">
              {joinedTeam ? t('basket.teamJoin.joined', { name: joinedTeam }) : t('basket.team', { count: item.count })}
            </p>
          ) : null}
          {texts.size ? <p className="basket-line__meta">{t('basket.size', { size: texts.size })}</p> : null}
          {item.selector === 'certificate' && item.recipient?.name ? (
            <p className="basket-line__meta">{t('basket.gifts.recipientLine', { name: item.recipient.name })}</p>
          ) : null}
          <p className="basket-line__meta">{t('basket.pricePer', { price: formatRubles(toKopecks(item.price)) })}</p>
        </div>
        <button
          type="button"
          className="button button--secondary button--small basket-line__remove"
          onClick={remove}
          aria-label={t('basket.removeItem', { title: texts.title })}
        >
          {t('basket.remove')}
        </button>
      </div>

      <div className="basket-line__body">
        {item.selector !== 'insurance' ? (
          <CountStepper
            title={texts.title}
            count={count}
            canDecrease={participants.length > 0 ? participants.length > 1 : required !== null || !atMinimum}
            canIncrease={(participants.length > 0 ? participants.length : item.count) + step <= max}
            onChange={onCount}
          />
        ) : null}
        <dl className="basket-line__figures">
          {figures.sale > 0 ? (
            <div>
              <dt>{t('basket.sale')}</dt>
              <dd>−{formatRubles(figures.sale)}</dd>
            </div>
          ) : null}
          {figures.promo > 0 ? (
            <div>
              <dt>{t('basket.promoDiscount')}</dt>
              <dd>−{formatRubles(figures.promo)}</dd>
            </div>
          ) : null}
          {figures.vip > 0 ? (
            <div>
              <dt>{t('basket.vipDiscount')}</dt>
              <dd>−{formatRubles(figures.vip)}</dd>
            </div>
          ) : null}
          <div className="basket-line__total">
            <dt>{t('basket.lineTotal')}</dt>
            <dd>{formatRubles(figures.total)}</dd>
          </div>
        </dl>
      </div>

      {ticket && insuranceOffer && format.data?.insurance_available ? (
        <label className="checkbox basket-line__insurance">
          <input
            type="checkbox"
            checked={insured.every((one) => one.isAddInsurance === true)}
            onChange={(event) => {
              const checked = event.target.checked;
              // A preregistration card insures each of its participant tickets (200 ₽ per participant).
              basketActions.apply((goods) =>
                insured.reduce<BasketItem[]>(
                  (current, one) => {
                    const oneKey = basketKey(one);
                    if (!checked) return removeInsurance(current, oneKey);
                    const line = current.find((candidate) => basketKey(candidate) === oneKey);
                    return line?.selector === 'ticket' && line.isAddInsurance
                      ? current
                      : addInsuranceLine(current, insuranceOffer, { newId: newBasketId, ticketKey: oneKey });
                  },
                  [...goods],
                ),
              );
            }}
          />
          {insurance
            ? t('basket.insuranceLinked', { title: linkedInsuranceTitle ?? insurance.title })
            : t('basket.insurance', { price: formatRubles(toKopecks(insuranceOffer.price)) })}
        </label>
      ) : null}

      {ticket?.isTeam ? <TeamNameField ticket={ticket} /> : null}
      {ticket && format.data?.clubs ? <ClubPicker ticket={ticket} /> : null}
      {ticket ? <TicketDeliveryPicker ticket={ticket} /> : null}
      {ticket && (format.data?.start_numbers || format.data?.space) ? (
        <Suspense fallback={<p className="field-hint">{t('basket.choices.loading')}</p>}>
          <TicketChoicePicker ticket={ticket} kind={format.data?.space ? 'seat' : 'number'} />
        </Suspense>
      ) : null}
      {promocodeAllowed ? <PromocodeField item={item} /> : null}
      {item.selector === 'certificate' ? <DisabledPromocode /> : null}
      {(item.selector === 'insurance' && (!item.linkedTo || !item.default)) || participants.length > 0 ? (
        <Suspense fallback={<p className="field-hint">{t('basket.loadingForm')}</p>}>
          {item.selector === 'insurance' && (!item.linkedTo || !item.default) ? (
            <InsuranceForm line={item} validateSignal={validateSignal} />
          ) : null}
          {participants.length > 0 ? <ParticipantTabs tickets={participants} validateSignal={validateSignal} /> : null}
        </Suspense>
      ) : null}
    </article>
  );
}, sameLine);
