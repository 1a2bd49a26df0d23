import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type AdditionalField,
  type FormatInput,
  type OrganizerFormat,
  useCreateFormat,
  useDeleteFormat,
  useFormats,
  useUpdateFormat,
} from '../api';
import { rubles, useText } from '../texts';
import { ActMessage, errorMessage, Field, FormActions, FormError, QueryState, useAct } from './query-state';

/** The formats of an event city: stock and sales at a glance; a manager creates, edits, closes or deletes. */
export function Formats({ eventCity, canWrite }: { eventCity: string; canWrite: boolean }) {
  const { t, language } = useText();
  const formats = useFormats(eventCity);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const update = useUpdateFormat();
  const remove = useDeleteFormat();
  const { message, act } = useAct();
  const editingFormat = formats.data?.values.find((format) => format.public_id === editing);

  return (
    <QueryState query={formats}>
      {(data) => (
        <div className="org-stack">
          {canWrite && editing !== 'new' ? (
            <div>
              <button type="button" className="button" onClick={() => setEditing('new')}>
                {t('newFormat')}
              </button>
            </div>
          ) : null}
          {editing === 'new' ? <FormatForm eventCity={eventCity} onDone={() => setEditing(null)} /> : null}
          {/* The edit form above the table, not in a row of it: on a phone the table scrolls sideways, the form must not. */}
          {editingFormat ? (
            <FormatForm key={editingFormat.public_id} eventCity={eventCity} format={editingFormat} onDone={() => setEditing(null)} />
          ) : null}
          <ActMessage message={message} />
          <div className="org-table-wrap">
            <table className="org-table">
              <thead>
                <tr>
                  <th scope="col">{t('formatName')}</th>
                  <th scope="col" className="org-num">
                    {t('price')}
                  </th>
                  <th scope="col" className="org-num">
                    {t('sold')}
                  </th>
                  <th scope="col" className="org-num">
                    {t('ticketsCount')}
                  </th>
                  <th scope="col">{t('status')}</th>
                  {canWrite ? <th scope="col" /> : null}
                </tr>
              </thead>
              <tbody>
                {data.values.map((format) => (
                  <FormatRow
                    key={format.public_id}
                    format={format}
                    canWrite={canWrite}
                    editing={editing === format.public_id}
                    onEdit={() => setEditing(editing === format.public_id ? null : format.public_id)}
                    onClose={() => {
                      if (window.confirm(t('confirmClose')))
                        void act(() => update.mutateAsync({ id: format.public_id, closed: true }), t('saved'));
                    }}
                    onDelete={() => void act(() => remove.mutateAsync(format.public_id), t('saved'))}
                    language={language}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </QueryState>
  );
}

function FormatRow(props: {
  format: OrganizerFormat;
  canWrite: boolean;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
  onDelete: () => void;
  language: 'ru' | 'en';
}) {
  const { t } = useText();
  const { format } = props;
  const taken = format.stock.reduce((sum, entry) => sum + entry.taken, 0);
  return (
    <tr>
      <th scope="row">
        {format.name}
        {format.invitation_link ? (
          <div className="org-muted">
            {t('invitation')}: <code>{format.invitation_link}</code>
          </div>
        ) : null}
      </th>
      <td className="org-num">{rubles(format.price, props.language)}</td>
      <td className="org-num">{format.sold}</td>
      <td className="org-num">
        <meter
          min={0}
          max={Math.max(1, format.tickets_count)}
          value={taken}
          aria-label={`${t('sold')} ${taken} ${t('of')} ${format.tickets_count}`}
        />{' '}
        {format.tickets_count}
      </td>
      <td>{format.closed ? t('closed') : format.hidden ? t('hidden') : '—'}</td>
      {props.canWrite ? (
        <td>
          <div className="org-actions">
            {!format.closed ? (
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={props.onEdit}
                aria-expanded={props.editing}
                aria-label={`${t('edit')}: ${format.name}`}
              >
                {t('edit')}
              </button>
            ) : null}
            {!format.closed && taken > 0 ? (
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={props.onClose}
                aria-label={`${t('close')}: ${format.name}`}
              >
                {t('close')}
              </button>
            ) : null}
            {taken === 0 && format.sold === 0 ? (
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={props.onDelete}
                aria-label={`${t('delete')}: ${format.name}`}
              >
                {t('delete')}
              </button>
            ) : null}
          </div>
        </td>
      ) : null}
    </tr>
  );
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** Create or edit a format: the server checks every rule and answers in Russian; the form keeps what was typed. */
function FormatForm({ eventCity, format, onDone }: { eventCity: string; format?: OrganizerFormat; onDone: () => void }) {
  const { t } = useText();
  const id = useId();
  const create = useCreateFormat();
  const update = useUpdateFormat();
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from a row far down the table: bring the form into view.
  const editingId = format?.public_id;
  useEffect(() => {
    if (editingId) formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [editingId]);
  const [values, setValues] = useState({
    name: format?.name ?? '',
    price: format ? String(format.price) : '',
    tickets_count: format ? String(format.tickets_count) : '',
    max_count: format ? String(format.max_count) : '5',
    age_min: format?.age_min?.toString() ?? '',
    age_max: format?.age_max?.toString() ?? '',
    description: format?.description ?? '',
    hidden: format?.hidden ?? false,
    insurance_available: format?.insurance_available ?? false,
    preregistration: format?.preregistration ?? false,
  });
  const set = (key: keyof typeof values) => (value: string | boolean) => setValues((old) => ({ ...old, [key]: value }));
  const [fields, setFields] = useState<AdditionalField[]>(format?.additional_fields ?? []);
  const setField = (index: number, change: Partial<AdditionalField>) =>
    setFields((old) => old.map((field, i) => (i === index ? { ...field, ...change } : field)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: FormatInput = {
      name: values.name,
      price: Number(values.price.replace(',', '.')),
      tickets_count: Number(values.tickets_count),
      max_count: Number(values.max_count),
      age_min: numberOrNull(values.age_min),
      age_max: numberOrNull(values.age_max),
      description: values.description,
      hidden: values.hidden,
      insurance_available: values.insurance_available,
      preregistration: values.preregistration,
      additional_fields: fields,
    };
    try {
      if (format) await update.mutateAsync({ id: format.public_id, ...body });
      else
        await create.mutateAsync({
          ...body,
          event_city_public_id: eventCity,
          name: values.name,
          price: body.price!,
          tickets_count: body.tickets_count!,
        });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };

  const text = (
    key: 'name' | 'price' | 'tickets_count' | 'max_count' | 'age_min' | 'age_max',
    label: string,
    inputMode?: 'numeric' | 'decimal',
  ) => (
    <Field
      id={`${id}-${key}`}
      label={label}
      inputMode={inputMode}
      value={values[key]}
      onChange={set(key)}
      required={key === 'name' || key === 'price' || key === 'tickets_count'}
    />
  );
  const check = (key: 'hidden' | 'insurance_available' | 'preregistration', label: string) => (
    <label className="org-check">
      <input type="checkbox" checked={values[key]} onChange={(event) => set(key)(event.target.checked)} /> {label}
    </label>
  );
  return (
    <form ref={formRef} className="org-form" onSubmit={submit} aria-label={format ? `${t('edit')}: ${format.name}` : t('newFormat')}>
      <div className="org-form__grid">
        {text('name', t('formatName'))}
        {text('price', t('price'), 'decimal')}
        {text('tickets_count', t('ticketsCount'), 'numeric')}
        {text('max_count', t('maxCount'), 'numeric')}
        {text('age_min', t('ageMin'), 'numeric')}
        {text('age_max', t('ageMax'), 'numeric')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('description')}</label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={2}
          value={values.description}
          onChange={(event) => set('description')(event.target.value)}
        />
      </div>
      <fieldset className="org-fieldset">
        <legend>{t('participantFields')}</legend>
        {fields.map((field, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a question is its place in the list (names may be typed over)
          <div className="org-form__row" key={index}>
            <Field
              id={`${id}-field-name-${index}`}
              label={t('fieldName')}
              value={field.name}
              pattern="[a-z][a-z0-9_]*"
              onChange={(name) => setField(index, { name })}
              required
            />
            <Field
              id={`${id}-field-label-${index}`}
              className="org-grow"
              label={t('fieldLabel')}
              value={field.label}
              onChange={(label) => setField(index, { label })}
              required
            />
            <label className="org-check">
              <input type="checkbox" checked={field.required} onChange={(event) => setField(index, { required: event.target.checked })} />{' '}
              {t('fieldRequired')}
            </label>
            <button
              type="button"
              className="button button--small button--secondary"
              aria-label={`${t('removeField')} ${field.label || field.name}`}
              onClick={() => setFields((old) => old.filter((_, i) => i !== index))}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => setFields((old) => [...old, { name: '', label: '', required: false }])}
        >
          {t('addField')}
        </button>
      </fieldset>
      <div className="org-form__checks">
        {check('hidden', t('hidden'))}
        {check('insurance_available', t('insurance'))}
        {check('preregistration', t('preregistration'))}
      </div>
      <FormError error={error} />
      <FormActions label={format ? t('save') : t('create')} pending={create.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}
