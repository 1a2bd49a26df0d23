import { type FormEvent, useId, useState } from 'react';
import { previewMessage, useFormats, useMessages, useSendMessage } from '../api';
import { dateTime, useText } from '../texts';
import { errorMessage, FormError, QueryState } from './query-state';

/** A letter to the participants of the event city or one format: checked (how many), then sent, each once. */
export function Messages({ eventCity, canWrite }: { eventCity: string; canWrite: boolean }) {
  const { t, language } = useText();
  const messages = useMessages(eventCity);
  return (
    <div className="org-stack">
      {canWrite ? <MessageForm eventCity={eventCity} /> : null}
      <QueryState query={messages}>
        {(data) => (
          <div className="org-table-wrap">
            <table className="org-table">
              <thead>
                <tr>
                  <th scope="col">{t('subject')}</th>
                  <th scope="col">{t('when')}</th>
                  <th scope="col" className="org-num">
                    {t('sentOf')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.values.map((message) => (
                  <tr key={message.public_id}>
                    <th scope="row">
                      {message.subject}
                      {message.essential ? <span className="org-role"> !</span> : null}
                    </th>
                    <td>{dateTime(message.created_at, language)}</td>
                    <td className="org-num">
                      {message.sent} / {message.recipients}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}

const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^\w-]/g, '');

function MessageForm({ eventCity }: { eventCity: string }) {
  const { t } = useText();
  const id = useId();
  const formats = useFormats(eventCity);
  const send = useSendMessage();
  const [format, setFormat] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [essential, setEssential] = useState(false);
  const [audience, setAudience] = useState<{ recipients: number; unsubscribed: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per letter written: a double click or a retry after a lost answer sends nothing twice.
  const [key, setKey] = useState(newKey);

  const check = async () => {
    setError(null);
    try {
      setAudience(await previewMessage({ event_city_public_id: eventCity, ...(format ? { format_public_id: format } : {}) }));
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const sent = await send.mutateAsync({
        event_city_public_id: eventCity,
        ...(format ? { format_public_id: format } : {}),
        subject,
        text,
        essential,
        idempotency_key: key,
      });
      setDone(`${t('recipients')}: ${sent.recipients}`);
      setSubject('');
      setText('');
      setAudience(null);
      setKey(newKey());
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  const count = audience ? (essential ? audience.recipients : audience.recipients - audience.unsubscribed) : null;
  return (
    <form className="org-form" onSubmit={submit} aria-label={t('newMessage')}>
      <h3>{t('newMessage')}</h3>
      <div className="org-form__grid">
        <div className="field">
          <label htmlFor={`${id}-format`}>{t('format')}</label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(event) => {
              setFormat(event.target.value);
              setAudience(null);
            }}
          >
            <option value="">{t('allFormats')}</option>
            {formats.data?.values.map((option) => (
              <option key={option.public_id} value={option.public_id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-subject`}>{t('subject')}</label>
          <input id={`${id}-subject`} value={subject} onChange={(event) => setSubject(event.target.value)} required maxLength={200} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('messageText')}</label>
        <textarea id={`${id}-text`} rows={5} value={text} onChange={(event) => setText(event.target.value)} required />
      </div>
      <label className="org-check">
        <input type="checkbox" checked={essential} onChange={(event) => setEssential(event.target.checked)} /> {t('essential')}
      </label>
      {audience ? (
        <p className="org-notice" role="status">
          {t('recipients')}: {count}
          {!essential && audience.unsubscribed ? ` (${audience.unsubscribed} ${t('unsubscribedSkip')})` : ''}
        </p>
      ) : null}
      <FormError error={error} />
      {done ? (
        <p className="org-notice" role="status">
          {done}
        </p>
      ) : null}
      <div className="org-form__actions">
        <button type="button" className="button button--secondary" onClick={() => void check()}>
          {t('check')}
        </button>
        <button type="submit" className="button" disabled={send.isPending || audience === null}>
          {count === null ? t('sendTo') : `${t('sendTo')} (${count})`}
        </button>
      </div>
    </form>
  );
}
