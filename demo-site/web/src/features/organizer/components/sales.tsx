import { type FormEvent, useId, useState } from 'react';
import { type OrganizerEventCity, type Sale, useCreateEventCity, useCreateSale, useSales, useUpdateSale } from '../api';
import { dateTime, rubles, useText } from '../texts';
import { ActMessage, Choice, errorMessage, Field, FormActions, FormError, QueryState, useCityChoices } from './query-state';

const dayStart = (value: string) => new Date(`${value}T00:00:00`).toISOString();
const dayEnd = (value: string) => new Date(`${value}T23:59:59`).toISOString();

/** Price tiers by date («ранняя регистрация до…») and discounts from N tickets, for the event city's formats. */
export function Sales({ eventCity, canWrite }: { eventCity: string; canWrite: boolean }) {
  const { t, language } = useText();
  const id = useId();
  const sales = useSales(eventCity);
  const create = useCreateSale();
  const update = useUpdateSale();
  const [values, setValues] = useState({ title: '', from: '', until: '', percent: '10', count: '1' });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await create.mutateAsync({
        event_city_public_id: eventCity,
        title: values.title,
        starts_at: dayStart(values.from),
        ends_at: dayEnd(values.until),
        discount_percent: Number(values.percent),
        count: Number(values.count),
      });
      setValues((old) => ({ ...old, title: '' }));
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  const toggle = (sale: Sale) =>
    update
      .mutateAsync({
        id: sale.public_id,
        title: sale.title,
        starts_at: sale.starts_at,
        ends_at: sale.ends_at,
        ...(sale.discount_percent !== null ? { discount_percent: sale.discount_percent } : { discount_amount: sale.discount_amount ?? 0 }),
        count: sale.count,
        active: !sale.active,
      })
      .catch((failure) => setError(errorMessage(failure, t('loadError'))));
  const field = (key: keyof typeof values, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} type={type} value={values[key]} onChange={(event) => set(key)(event.target.value)} required />
    </div>
  );
  return (
    <section className="org-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('sales')}</h3>
      <QueryState query={sales}>
        {(data) =>
          data.values.length ? (
            <table className="org-table org-table--compact">
              <tbody>
                {data.values.map((sale) => (
                  <tr key={sale.public_id}>
                    <th scope="row">{sale.title}</th>
                    <td>
                      {sale.discount_percent !== null ? `−${sale.discount_percent} %` : `−${rubles(sale.discount_amount ?? 0, language)}`}
                    </td>
                    <td>
                      {dateTime(sale.starts_at, language)} — {dateTime(sale.ends_at, language)}
                    </td>
                    <td>{sale.count > 1 ? `${t('fromTickets')}: ${sale.count}` : ''}</td>
                    <td>
                      {canWrite ? (
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          onClick={() => void toggle(sale)}
                          aria-label={`${sale.active ? t('off') : t('on')}: ${sale.title}`}
                        >
                          {sale.active ? t('off') : t('on')}
                        </button>
                      ) : sale.active ? (
                        t('active')
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="org-muted">{t('noSalesYet')}</p>
          )
        }
      </QueryState>
      {canWrite ? (
        <form className="org-form" onSubmit={submit} aria-label={t('sales')}>
          <div className="org-form__grid">
            {field('title', t('saleTitle'))}
            {field('from', t('from'), 'date')}
            {field('until', t('until'), 'date')}
            {field('percent', t('discountPercent'))}
            {field('count', t('fromTickets'))}
          </div>
          <FormError error={error} />
          <FormActions label={t('create')} pending={create.isPending} />
        </form>
      ) : null}
    </section>
  );
}

/** Another start of the same event: a city, a date and a venue; its formats are added in the editor. */
export function NewEventCity({ place }: { place: OrganizerEventCity }) {
  const { t } = useText();
  const id = useId();
  const cities = useCityChoices();
  const create = useCreateEventCity();
  const [values, setValues] = useState({ city: '', start: '', address: '' });
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await create.mutateAsync({
        event_public_id: place.event_public_id,
        city_id: Number(values.city),
        start_time: new Date(values.start).toISOString(),
        address: values.address,
      });
      setMessage({ error: false, text: t('created') });
    } catch (failure) {
      setMessage({ error: true, text: errorMessage(failure, t('loadError')) });
    }
  };
  return (
    <form className="org-form" onSubmit={submit} aria-label={t('newEventCity')}>
      <h3>{t('newEventCity')}</h3>
      <div className="org-form__grid">
        <Choice
          id={`${id}-city`}
          label={t('city')}
          value={values.city}
          onChange={(city) => setValues((old) => ({ ...old, city }))}
          required
          blank
          options={cities}
        />
        <Field
          id={`${id}-start`}
          label={t('startTime')}
          type="datetime-local"
          value={values.start}
          onChange={(start) => setValues((old) => ({ ...old, start }))}
          required
        />
        <Field
          id={`${id}-address`}
          label={t('address')}
          value={values.address}
          onChange={(address) => setValues((old) => ({ ...old, address }))}
          required
        />
      </div>
      <ActMessage message={message} />
      <FormActions label={t('create')} pending={create.isPending} />
    </form>
  );
}
