import { type FormEvent, useId, useState } from 'react';
import { type OrganizerEventCity, useUpdateEventCity } from '../api';
import { useText } from '../texts';
import { errorMessage, FormActions } from './query-state';

/** An ISO time as the value of a datetime-local input, in the browser's zone. */
const local = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const iso = (value: string) => (value ? new Date(value).toISOString() : null);

/** The event city's date, venue and registration window; the server keeps them in order. */
export function EventSettings({ place, canWrite }: { place: OrganizerEventCity; canWrite: boolean }) {
  const { t } = useText();
  const id = useId();
  const update = useUpdateEventCity();
  const [values, setValues] = useState({
    start_time: local(place.start_time),
    address: place.address,
    registration_opens_at: local(place.registration_opens_at),
    registration_closes_at: local(place.registration_closes_at),
  });
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await update.mutateAsync({
        id: place.public_id,
        start_time: iso(values.start_time) ?? place.start_time,
        address: values.address,
        registration_opens_at: iso(values.registration_opens_at),
        registration_closes_at: iso(values.registration_closes_at),
      });
      setMessage({ error: false, text: t('saved') });
    } catch (failure) {
      setMessage({ error: true, text: errorMessage(failure, t('loadError')) });
    }
  };
  const field = (key: keyof typeof values, label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={key === 'address' ? 'text' : 'datetime-local'}
        value={values[key]}
        disabled={!canWrite}
        onChange={(event) => setValues((old) => ({ ...old, [key]: event.target.value }))}
      />
    </div>
  );
  return (
    <form className="org-form" onSubmit={submit} aria-label={t('settings')}>
      <div className="org-form__grid">
        {field('start_time', t('startTime'))}
        {field('address', t('address'))}
        {field('registration_opens_at', t('registrationOpens'))}
        {field('registration_closes_at', t('registrationCloses'))}
      </div>
      {message ? (
        <p className={message.error ? 'field-error' : 'org-notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      {canWrite ? <FormActions label={t('save')} pending={update.isPending} /> : null}
    </form>
  );
}
