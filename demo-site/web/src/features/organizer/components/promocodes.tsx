import { type FormEvent, useId, useState } from 'react';
import { downloadExport, type OrganizerFormat, useCreatePromocodes, useFormats, usePromocodes } from '../api';
import { dateTime, rubles, useText } from '../texts';
import { errorMessage, QueryState } from './query-state';

/** Promocodes of an event city: make one named code or a batch of generated ones (CSV), and watch their use. */
export function Promocodes({ eventCity, canWrite }: { eventCity: string; canWrite: boolean }) {
  const { t, language } = useText();
  const codes = usePromocodes(eventCity);
  const formats = useFormats(eventCity);
  return (
    <div className="org-stack">
      {canWrite && formats.data ? <PromocodeForm eventCity={eventCity} formats={formats.data.values} /> : null}
      <QueryState query={codes}>
        {(data) => (
          <div className="org-table-wrap">
            <table className="org-table">
              <thead>
                <tr>
                  <th scope="col">{t('code')}</th>
                  <th scope="col">{t('discountPercent').replace(', %', '')}</th>
                  <th scope="col" className="org-num">
                    {t('used')}
                  </th>
                  <th scope="col" className="org-num">
                    {t('discounts')}
                  </th>
                  <th scope="col">{t('validUntil')}</th>
                </tr>
              </thead>
              <tbody>
                {data.values.map((code) => (
                  <tr key={code.public_id}>
                    <th scope="row">
                      <code>{code.code}</code>
                    </th>
                    <td>{code.discount_percent !== null ? `${code.discount_percent} %` : rubles(code.discount_amount ?? 0, language)}</td>
                    <td className="org-num">
                      {code.used} / {code.max_uses}
                    </td>
                    <td className="org-num">{rubles(code.discount_total, language)}</td>
                    <td>{dateTime(code.ends_at, language)}</td>
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

function PromocodeForm({ eventCity, formats }: { eventCity: string; formats: OrganizerFormat[] }) {
  const { t } = useText();
  const id = useId();
  const create = useCreatePromocodes();
  const [many, setMany] = useState(false);
  const [values, setValues] = useState({
    code: '',
    count: '10',
    prefix: '',
    kind: 'percent',
    discount: '10',
    max_uses: '1',
    per_person: '',
    ends_at: '',
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<{ codes: string[]; batch: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const discount = Number(values.discount.replace(',', '.'));
    try {
      const made = await create.mutateAsync({
        event_city_public_id: eventCity,
        ...(many ? { count: Number(values.count), ...(values.prefix ? { prefix: values.prefix } : {}) } : { code: values.code }),
        ...(values.kind === 'percent' ? { discount_percent: discount } : { discount_amount: discount }),
        max_uses: Number(values.max_uses),
        ...(values.per_person ? { max_uses_per_person: Number(values.per_person) } : {}),
        ...(values.ends_at ? { ends_at: new Date(`${values.ends_at}T23:59:59`).toISOString() } : {}),
        ...(chosen.length ? { format_public_ids: chosen } : {}),
      });
      setResult(made);
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };

  const input = (key: keyof typeof values, label: string, props: Record<string, string | boolean> = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} value={values[key]} onChange={(event) => set(key)(event.target.value)} {...props} />
    </div>
  );
  return (
    <form className="org-form" onSubmit={submit} aria-label={t('newPromocode')}>
      <h3>{t('newPromocode')}</h3>
      <fieldset className="org-segmented">
        <legend className="sr-only">{t('newPromocode')}</legend>
        <label>
          <input type="radio" name={`${id}-many`} checked={!many} onChange={() => setMany(false)} /> {t('oneCode')}
        </label>
        <label>
          <input type="radio" name={`${id}-many`} checked={many} onChange={() => setMany(true)} /> {t('manyCodes')}
        </label>
      </fieldset>
      <div className="org-form__grid">
        {many ? (
          <>
            {input('count', t('howMany'), { inputMode: 'numeric', required: true })}
            {input('prefix', t('prefix'))}
          </>
        ) : (
          input('code', t('code'), { required: true, autoCapitalize: 'characters' })
        )}
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('discounts')}</label>
          <select id={`${id}-kind`} value={values.kind} onChange={(event) => set('kind')(event.target.value)}>
            <option value="percent">%</option>
            <option value="amount">₽</option>
          </select>
        </div>
        {input('discount', values.kind === 'percent' ? t('discountPercent') : t('discountAmount'), {
          inputMode: 'decimal',
          required: true,
        })}
        {input('max_uses', t('maxUses'), { inputMode: 'numeric', required: true })}
        {input('per_person', t('maxUsesPerPerson'), { inputMode: 'numeric' })}
        {input('ends_at', t('validUntil'), { type: 'date' })}
      </div>
      <fieldset className="org-form__checks">
        <legend>{t('forFormats')}</legend>
        {formats
          .filter((format) => !format.closed)
          .map((format) => (
            <label key={format.public_id} className="org-check">
              <input
                type="checkbox"
                checked={chosen.includes(format.public_id)}
                onChange={(event) =>
                  setChosen((old) =>
                    event.target.checked ? [...old, format.public_id] : old.filter((value) => value !== format.public_id),
                  )
                }
              />{' '}
              {format.name}
            </label>
          ))}
      </fieldset>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="org-form__actions">
        <button type="submit" className="button" disabled={create.isPending}>
          {t('create')}
        </button>
      </div>
      {result ? (
        <div className="org-notice" role="status">
          <p>
            {t('codesMade')}: {result.codes.length <= 10 ? result.codes.join(', ') : `${result.codes.slice(0, 10).join(', ')}…`}
          </p>
          {result.batch ? (
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => void downloadExport(`/api/organizer/promocode_batch/${result.batch}/codes.csv`)}
            >
              {t('downloadCsv')}
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
