import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { checkPromocode, type PromocodeTarget } from '../api/check-promocode';
import { type BasketItem, basketKey } from '../basket-items';
import { updateLine } from '../basket-model';
import { basketActions } from '../basket-store';
import '../../../locales/basket';

/**
 * The server's own refusal of a code (a 4xx with its message, ticketing-shop §5); a check that got
 * no answer or a 5xx is not the visitor's fault and is not reported as «Введите промокод».
 */
export function promocodeRefusal(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'http' || error.status < 400 || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * A line's promocode (ticketing-shop §4): none, applied (the field locked, the button says change)
 * or refused with the server's message, kept on the line. An empty code is 'Введите промокод'.
 */
export function PromocodeField({ item }: { item: BasketItem }) {
  const { t } = useTranslation();
  const id = useId();
  const applied = item.promo ?? null;
  const [code, setCode] = useState(applied?.code ?? item.promocode ?? '');
  const [pending, setPending] = useState(false);
  const key = basketKey(item);
  const target: PromocodeTarget = item.selector === 'shop' ? 'product' : item.selector === 'insurance' ? 'insurance' : 'ticket';
  const itemId = item.selector === 'ticket' ? item.format_public_id : item.public_id;
  const message = item.promoMessage ?? null;

  const save = (patch: Partial<BasketItem>) => basketActions.apply((goods) => updateLine(goods, key, patch));

  const apply = async () => {
    if (applied) {
      save({ promo: null, promocode: null, promoMessage: null });
      return;
    }
    if (!code.trim()) {
      save({ promoMessage: t('basket.enterPromocode') });
      return;
    }
    setPending(true);
    try {
      const answer = await checkPromocode(target, code, itemId);
      const promo = { ...answer.promocode, count: Math.min(answer.promocode.count, answer.available_code_count) };
      save({ promo, promocode: promo.code, promoMessage: answer.message ?? null });
    } catch (error) {
      save({ promo: null, promocode: null, promoMessage: promocodeRefusal(error) ?? t('errors.generic') });
    } finally {
      setPending(false);
    }
  };

  const failed = message !== null && !applied;
  return (
    <div className="promocode">
      <label htmlFor={`${id}-code`}>{t('basket.promocode')}</label>
      <div className="promocode__row">
        <input
          id={`${id}-code`}
          value={code}
          readOnly={applied !== null}
          autoComplete="off"
          aria-invalid={failed ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="button button--secondary button--small" disabled={pending} onClick={() => void apply()}>
          {applied ? t('basket.changePromocode') : t('basket.applyPromocode')}
        </button>
      </div>
      {message ? (
        <p id={`${id}-message`} className={failed ? 'field-error' : 'field-hint'} role={failed ? 'alert' : 'status'}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
