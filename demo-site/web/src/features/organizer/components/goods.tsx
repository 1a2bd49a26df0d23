import { type FormEvent, useId, useState } from 'react';
import { type Goods, type GoodsCategory, type GoodsSize, useCreateGoods, useDeleteGoods, useGoods, useUpdateGoods } from '../api';
import { rubles, useText } from '../texts';
import { ActMessage, errorMessage, Field, FormActions, FormError, QueryState, useAct } from './query-state';

/** The shop goods tied to an event: sizes with stock, what was ordered; a manager adds, edits and withdraws. */
export function EventGoods({ eventPublicId, canWrite }: { eventPublicId: string; canWrite: boolean }) {
  const { t, language } = useText();
  const goods = useGoods(eventPublicId);
  const remove = useDeleteGoods();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const { message, act } = useAct();
  return (
    <QueryState query={goods}>
      {(data) => (
        <div className="org-stack">
          {canWrite && editing !== 'new' ? (
            <div>
              <button type="button" className="button" onClick={() => setEditing('new')}>
                {t('newProduct')}
              </button>
            </div>
          ) : null}
          {editing === 'new' ? (
            <GoodsForm eventPublicId={eventPublicId} categories={data.categories} onDone={() => setEditing(null)} />
          ) : null}
          <ActMessage message={message} />
          {data.values.length === 0 ? <p className="org-muted">{t('noGoods')}</p> : null}
          <ul className="org-goods">
            {data.values.map((product) => (
              <li key={product.public_id} className="org-goods__item">
                <img src={product.picture} alt="" width={64} height={64} loading="lazy" />
                <div className="org-grow">
                  <h3 className="org-goods__title">{product.title}</h3>
                  <p className="org-muted">
                    {rubles(product.price, language)} · {t(`kind_${product.kind}`)} · {t('ordered')}: {product.ordered}
                  </p>
                  <p className="org-goods__sizes">
                    {product.sizes.map((size) => (
                      <span key={size.public_id} className="org-chip">
                        {size.name}: {size.stock}
                      </span>
                    ))}
                  </p>
                  {editing === product.public_id ? (
                    <GoodsForm
                      eventPublicId={eventPublicId}
                      categories={data.categories}
                      product={product}
                      onDone={() => setEditing(null)}
                    />
                  ) : null}
                </div>
                {canWrite ? (
                  <div className="org-actions">
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      aria-expanded={editing === product.public_id}
                      aria-label={`${t('edit')}: ${product.title}`}
                      onClick={() => setEditing(editing === product.public_id ? null : product.public_id)}
                    >
                      {t('edit')}
                    </button>
                    {product.ordered === 0 ? (
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-label={`${t('delete')}: ${product.title}`}
                        onClick={() => void act(() => remove.mutateAsync(product.public_id), t('saved'))}
                      >
                        {t('delete')}
                      </button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryState>
  );
}

let rows = 0;
/** A key for a size row not saved yet. */
const newRow = () => `new-${++rows}`;

/** Create or edit a product: title, price, category and kind (new ones only), sizes with stock. */
function GoodsForm(props: { eventPublicId: string; categories: GoodsCategory[]; product?: Goods; onDone: () => void }) {
  const { t, language } = useText();
  const id = useId();
  const create = useCreateGoods();
  const update = useUpdateGoods();
  const { product } = props;
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState({
    title: product?.title ?? '',
    price: product ? String(product.price) : '',
    description: product?.description ?? '',
    category: product?.category ?? props.categories[0]?.name ?? '',
    kind: product?.kind ?? ('merch' as 'merch' | 'shirt'),
    show_in_basket: product?.show_in_basket ?? false,
  });
  type Row = GoodsSize & { stockText: string; row: string };
  const [sizes, setSizes] = useState<Row[]>(
    product?.sizes.map((size) => ({ ...size, stockText: String(size.stock), row: size.public_id ?? newRow() })) ?? [
      { name: '', stock: 0, stockText: '', row: newRow() },
    ],
  );
  const setSize = (index: number, change: Partial<Row>) =>
    setSizes((old) => old.map((size, i) => (i === index ? { ...size, ...change } : size)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = {
      title: values.title,
      price: Number(values.price.replace(',', '.')),
      description: values.description,
      show_in_basket: values.show_in_basket,
      sizes: sizes.map((size) => ({
        ...(size.public_id ? { public_id: size.public_id } : {}),
        name: size.name,
        stock: Number(size.stockText),
      })),
    };
    try {
      if (product) await update.mutateAsync({ id: product.public_id, ...body });
      else await create.mutateAsync({ ...body, event_public_id: props.eventPublicId, kind: values.kind, category: values.category });
      props.onDone();
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  return (
    <form className="org-form" onSubmit={submit} aria-label={product ? `${t('edit')}: ${product.title}` : t('newProduct')}>
      <div className="org-form__grid">
        <Field
          id={`${id}-title`}
          label={t('productTitle')}
          value={values.title}
          onChange={(title) => setValues((old) => ({ ...old, title }))}
          required
        />
        <Field
          id={`${id}-price`}
          label={t('price')}
          inputMode="decimal"
          value={values.price}
          onChange={(price) => setValues((old) => ({ ...old, price }))}
          required
        />
        {product ? null : (
          <>
            <div className="field">
              <label htmlFor={`${id}-category`}>{t('category')}</label>
              <select
                id={`${id}-category`}
                value={values.category}
                onChange={(event) => setValues((old) => ({ ...old, category: event.target.value }))}
              >
                {props.categories.map((category) => (
                  <option key={category.name} value={category.name}>
                    {language === 'en' ? (category.title_en ?? category.title) : category.title}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-kind`}>{t('kind')}</label>
              <select
                id={`${id}-kind`}
                value={values.kind}
                onChange={(event) => setValues((old) => ({ ...old, kind: event.target.value as 'merch' | 'shirt' }))}
              >
                <option value="merch">{t('kind_merch')}</option>
                <option value="shirt">{t('kind_shirt')}</option>
              </select>
            </div>
          </>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('description')}</label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={2}
          value={values.description}
          onChange={(event) => setValues((old) => ({ ...old, description: event.target.value }))}
        />
      </div>
      <fieldset className="org-fieldset">
        <legend>{t('sizes')}</legend>
        {sizes.map((size, index) => (
          <div className="org-form__row" key={size.row}>
            <Field
              id={`${id}-size-${index}`}
              label={t('sizeName')}
              value={size.name}
              onChange={(name) => setSize(index, { name })}
              required
            />
            <Field
              id={`${id}-stock-${index}`}
              label={t('stock')}
              inputMode="numeric"
              value={size.stockText}
              onChange={(stockText) => setSize(index, { stockText })}
              required
            />
            {sizes.length > 1 && !size.ordered ? (
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`${t('removeSize')} ${size.name}`}
                onClick={() => setSizes((old) => old.filter((_, i) => i !== index))}
              >
                ×
              </button>
            ) : null}
          </div>
        ))}
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => setSizes((old) => [...old, { name: '', stock: 0, stockText: '', row: newRow() }])}
        >
          {t('addSize')}
        </button>
      </fieldset>
      <label className="org-check">
        <input
          type="checkbox"
          checked={values.show_in_basket}
          onChange={(event) => setValues((old) => ({ ...old, show_in_basket: event.target.checked }))}
        />{' '}
        {t('showInBasket')}
      </label>
      <FormError error={error} />
      <FormActions label={product ? t('save') : t('create')} pending={create.isPending || update.isPending} onCancel={props.onDone} />
    </form>
  );
}
