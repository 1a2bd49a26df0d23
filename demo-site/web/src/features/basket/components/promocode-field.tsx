import { CodeField } from '../../../components/ui/code-field';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
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
  const applied = item.promo ?? null;
  const key = basketKey(item);
  const target: PromocodeTarget = item.selector === 'shop' ? 'product' : item.selector === 'insurance' ? 'insurance' : 'ticket';
  const itemId = item.selector === 'ticket' ? item.format_public_id : item.public_id;
  const message = item.promoMessage ?? null;

  const save = (patch: Partial<BasketItem>) => basketActions.apply((goods) => updateLine(goods, key, patch));

  const apply = async (code: string): Promise<string | null> => {
    if (!code.trim()) {
      save({ promoMessage: t('basket.enterPromocode') });
      return null;
    }
    try {
      const answer = await checkPromocode(target, code, itemId);
      const promo = { ...answer.promocode, count: Math.min(answer.promocode.count, answer.available_code_count) };
      save({ promo, promocode: promo.code, promoMessage: answer.message ?? null });
    } catch (error) {
      save({ promo: null, promocode: null, promoMessage: promocodeRefusal(error) ?? t('errors.generic') });
    }
    return null;
  };

  return (
    <CodeField
      label={t('basket.promocode')}
      applied={applied?.code ?? null}
      initialCode={item.promocode ?? ''}
      message={message === null ? null : { text: message, tone: applied ? 'status' : 'error' }}
      applyLabel={t('basket.applyPromocode')}
      removeLabel={t('basket.changePromocode')}
      onApply={apply}
      onRemove={() => save({ promo: null, promocode: null, promoMessage: null })}
    />
  );
}
