import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateEvent, useEventTypes } from '../api';
import { useText } from '../texts';
import { Choice, errorMessage, Field, FormActions, FormError, useCityChoices } from './query-state';

/**
 * A new event with its first start: the organisation (of those where the caller manages), the name, the
 * kind, the city, date and venue, the close of registration. Its formats are made next, in its editor.
 */
export function NewEvent({ organisations, onDone }: { organisations: { public_id: string; name: string }[]; onDone: () => void }) {
  const { t, language } = useText();
  const id = useId();
  const navigate = useNavigate();
  const types = useEventTypes();
  const cities = useCityChoices();
  const create = useCreateEvent();
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState({
    organisation: organisations[0]?.public_id ?? '',
    title: '',
    description: '',
    type: '',
    city: '',
    start: '',
    address: '',
    closes: '',
  });
  const set = (key: keyof typeof values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const made = await create.mutateAsync({
        organisation_public_id: values.organisation,
        title: values.title,
        description: values.description,
        event_type_public_id: values.type,
        city_id: Number(values.city),
        start_time: new Date(values.start).toISOString(),
        address: values.address,
        registration_closes_at: values.closes ? new Date(values.closes).toISOString() : null,
      });
      onDone();
      void navigate(`/organizer/event/${made.event_city_public_id}/formats`);
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  const input = (key: 'title' | 'address', label: string) => (
    <Field id={`${id}-${key}`} label={label} value={values[key]} onChange={set(key)} required />
  );
  const when = (key: 'start' | 'closes', label: string, required: boolean) => (
    <Field id={`${id}-${key}`} label={label} type="datetime-local" value={values[key]} onChange={set(key)} required={required} />
  );
  return (
    <form className="org-form" onSubmit={submit} aria-label={t('newEvent')}>
      <h2>{t('newEvent')}</h2>
      <div className="org-form__grid">
        {organisations.length > 1 ? (
          <Choice
            id={`${id}-organisation`}
            label={t('organisation')}
            value={values.organisation}
            onChange={set('organisation')}
            options={organisations.map((organisation) => ({ value: organisation.public_id, label: organisation.name }))}
          />
        ) : null}
        {input('title', t('eventTitle'))}
        <Choice
          id={`${id}-type`}
          label={t('eventType')}
          value={values.type}
          onChange={set('type')}
          required
          blank
          options={(types.data?.values ?? []).map((type) => ({
            value: type.public_id,
            label: language === 'en' ? (type.title_en ?? type.title) : type.title,
          }))}
        />
        <Choice id={`${id}-city`} label={t('city')} value={values.city} onChange={set('city')} required blank options={cities} />
        {when('start', t('startTime'), true)}
        {input('address', t('address'))}
        {when('closes', t('registrationCloses'), false)}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('description')}</label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={3}
          value={values.description}
          onChange={(event) => set('description')(event.target.value)}
          required
        />
      </div>
      <FormError error={error} />
      <FormActions label={t('create')} pending={create.isPending} onCancel={onDone} />
    </form>
  );
}
