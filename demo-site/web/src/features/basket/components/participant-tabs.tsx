import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { ParticipantForm } from '../../participant/components/participant-form';
import {
  fromParticipantInfo,
  type ParticipantFormatInput,
  type ParticipantValues,
  participantRules,
  toParticipantInfo,
} from '../../participant/participant-schema';
import { type BasketItem, basketKey, type TicketLine } from '../basket-items';
import { updateLine } from '../basket-model';
import { basketActions } from '../basket-store';
import '../../../locales/basket';

const formatRulesSchema = z.looseObject({
  start_time: z.nullish(z.string()),
  age_min: z.nullish(z.number()),
  age_max: z.nullish(z.number()),
  regions: z.nullish(z.array(z.object({ id: z.number(), name_ru: z.nullish(z.string()) }))),
  shirt_unavailable: z.nullish(z.boolean()),
  select: z.nullish(z.object({ title: z.string(), values: z.array(z.string()) })),
  clusters: z.nullish(z.array(z.object({ name: z.string(), document: z.nullish(z.boolean()) }))),
  license_file: z.nullish(z.boolean()),
  additional_fields: z.nullish(z.array(z.object({ name: z.string(), label: z.string(), required: z.nullish(z.boolean()) }))),
});
const shirtsSchema = z.object({
  values: z.array(z.looseObject({ size: z.nullish(z.array(z.object({ size: z.string(), count: z.number() }))) })),
});

/** The format's participant rules (GET /api/event_format/{id}) and the event's shirt sizes (GET /api/shop/shirts/{eventCityId}). */
function useTicketRules(ticket: TicketLine) {
  const format = useQuery({
    queryKey: ['event-format', ticket.format_public_id],
    queryFn: ({ signal }) =>
      requestParsed(formatRulesSchema, { url: `/api/event_format/${encodeURIComponent(ticket.format_public_id)}`, signal }),
  });
  const shirts = useQuery({
    queryKey: ['shop-shirts', ticket.event_city.public_id],
    queryFn: ({ signal }) =>
      requestParsed(shirtsSchema, { url: `/api/shop/shirts/${encodeURIComponent(ticket.event_city.public_id)}`, signal }),
    enabled: format.data !== undefined && format.data.shirt_unavailable !== true,
  });
  return useMemo(() => {
    if (!format.data) return null;
    if (format.data.shirt_unavailable !== true && shirts.isPending) return null;
    const sizes = (shirts.data?.values[0]?.size ?? []).map((size) => ({ name: size.size, count: size.count }));
    return participantRules(format.data as ParticipantFormatInput, sizes, ticket.start_time);
  }, [format.data, shirts.data, shirts.isPending, ticket.start_time]);
}

/**
 * The participants of a preregistration format: one form per ticket, in tabs 'Билет N' when there is
 * more than one (ticketing-shop §4). Each change is kept on its ticket line; a tab whose form does not
 * pass is marked (isErrorTab) and blocks the payment.
 */
export function ParticipantTabs({ tickets, validateSignal }: { tickets: TicketLine[]; validateSignal: number }) {
  const { t } = useTranslation();
  const first = tickets[0]!;
  const rules = useTicketRules(first);
  const [active, setActive] = useState(0);
  const current = tickets[Math.min(active, tickets.length - 1)]!;

  if (!rules) return <p className="field-hint">{t('basket.loadingForm')}</p>;

  const save = (ticket: TicketLine, values: ParticipantValues, valid: boolean) => {
    const patch: Partial<BasketItem> = {
      info: values as unknown as Record<string, unknown>,
      participant: valid ? (toParticipantInfo(values, rules) as Record<string, unknown>) : null,
      isErrorTab: !valid,
      preReg: valid ? 'ok' : '',
    };
    basketActions.apply((goods) => updateLine(goods, basketKey(ticket), patch));
  };

  return (
    <section className="participants" aria-label={tickets.length > 1 ? t('basket.participants') : t('basket.participantTitle')}>
      <h4 className="participants__title">{tickets.length > 1 ? t('basket.participants') : t('basket.participantTitle')}</h4>
      {tickets.length > 1 ? (
        <div className="tabs participants__tabs">
          {tickets.map((ticket, index) => (
            <button
              key={ticket.unique_id}
              type="button"
              className={`tabs__tab${ticket.isErrorTab && validateSignal > 0 ? ' tabs__tab--error' : ''}`}
              aria-pressed={ticket === current}
              onClick={() => setActive(index)}
            >
              {t('basket.ticketTab', { number: index + 1 })}
              {ticket.isErrorTab ? <span className="sr-only"> — {t('basket.participantMissing')}</span> : null}
            </button>
          ))}
        </div>
      ) : null}
      <ParticipantForm
        key={current.unique_id}
        rules={rules}
        defaultValues={current.info ? (current.info as unknown as Partial<ParticipantValues>) : fromParticipantInfo(null, rules)}
        onChange={(values, valid) => save(current, values, valid)}
        validateSignal={validateSignal}
      />
    </section>
  );
}
