import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { useOnlineResult, useSendOnlineResult } from '../api/online-result';
import type { TicketDetails } from '../api/schemas';
import '../../../locales/cabinet';

/** A time as the server takes it: HH:MM:SS or MM:SS (minutes and seconds below 60). */
export const onlineTimePattern = /^(\d{1,2}:)?[0-5]?\d:[0-5]\d$/;

/**
 * Online participation for a virtual format's ticket (/me/ticket/{id}): the time the holder sent
 * (GET /api/user/ticket/online/{id}) and a form to send or change it (PUT /api/user/ticket/online) —
 * once the participant is registered and the event has started; before that, the page says what is awaited.
 */
export function OnlineParticipation({ ticket, now = Date.now() }: { ticket: TicketDetails; now?: number }) {
  const { t } = useTranslation();
  const id = useId();
  const online = useOnlineResult(ticket.public_id, true);
  const send = useSendOnlineResult(ticket.public_id);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const started = Date.parse(ticket.event_format.start_time) <= now;
  const registered = ticket.info.registered === true;
  const sent = online.data?.result ? online.data : null;

  const submit = () => {
    setSaved(false);
    const value = time.trim();
    if (!onlineTimePattern.test(value)) {
      setError(t('cabinet.online.badTime'));
      return;
    }
    setError(null);
    send.mutate(
      { public_id: ticket.public_id, result: value },
      {
        onSuccess: () => {
          setSaved(true);
          setTime('');
        },
        onError: (failure) => setError(isApiError(failure) && failure.message ? failure.message : t('errors.generic')),
      },
    );
  };

  return (
    <section className="section online-participation" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cabinet-subtitle">
        {t('cabinet.online.title')}
      </h2>
      <p>{t('cabinet.online.lead')}</p>
      <p role="status">
        {sent?.result
          ? t('cabinet.online.sent', { result: sent.result, date: sent.submitted_at ? formatDateTime(sent.submitted_at) : '' })
          : online.isSuccess
            ? t('cabinet.online.notYet')
            : null}
        {saved ? ` ${t('cabinet.online.saved')}` : null}
      </p>
      {!registered ? <p className="field-hint">{t('cabinet.online.registerFirst')}</p> : null}
      {registered && !started ? (
        <p className="field-hint">{t('cabinet.online.notStarted', { date: formatDateTime(ticket.event_format.start_time) })}</p>
      ) : null}
      {registered && started ? (
        <form
          className="online-participation__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-time`}>{t('cabinet.online.time')}</label>
            <input
              id={`${id}-time`}
              inputMode="numeric"
              autoComplete="off"
              placeholder="00:25:40"
              value={time}
              maxLength={16}
              onChange={(event) => setTime(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={send.isPending}>
            {sent ? t('cabinet.online.resend') : t('cabinet.online.send')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
