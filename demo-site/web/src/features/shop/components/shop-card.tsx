import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import type { Product } from '../api/schemas';
import { initialSize, maxCountOf, type SizeOption, sizeOptions } from '../sizes';

export interface ShopCardProps {
  product: Product;
  /** Whether the basket holds this product in this size (null: a product without sizes). */
  isInBasket: (size: string | null) => boolean;
  onAdd: (size: SizeOption | null, maxCount: number) => void;
  onRemove: (size: string | null) => void;
  headingLevel?: 2 | 3 | 4;
}

/**
 * The shop item card of ticketing-shop §2: the 'Добавить' checkbox adds the product with count 1
 * and unchecking removes it; with several sizes a size must be chosen first ('Выберите размер'),
 * a single size is preselected. The checkbox shows the basket, so removing the line elsewhere
 * clears it.
 */
export function ShopCard({ product, isInBasket, onAdd, onRemove, headingLevel = 3 }: ShopCardProps) {
  const { t } = useTranslation();
  const options = sizeOptions(product);
  const [size, setSize] = useState<SizeOption | null>(() => initialSize(options));
  const [sizeError, setSizeError] = useState(false);
  const id = useId();
  const maxCount = maxCountOf(options, size, product.max_count);
  const needsSize = options.length > 0 && size === null;
  const checked = !needsSize && isInBasket(size?.name ?? null);
  const soldOut = options.length > 0 ? options.every((option) => option.count <= 0) : false;
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 4 ? 'h4' : 'h3';

  return (
    <article className="product-card" aria-labelledby={`${id}-title`}>
      <Link to={`/shop/product/${product.public_id}`} className="product-card__image" tabIndex={-1} aria-hidden="true">
        {product.picture ? <img src={product.picture} alt="" loading="lazy" width={320} height={320} /> : null}
      </Link>
      <Heading id={`${id}-title`} className="product-card__title">
        <Link to={`/shop/product/${product.public_id}`}>{product.title}</Link>
      </Heading>
      <p className="product-card__price">
        <span>{formatRubles(product.price)}</span>
        {product.old_price ? (
          <s className="product-card__old-price">
            <span className="sr-only">{t('shop.oldPrice')} </span>
            {formatRubles(product.old_price)}
          </s>
        ) : null}
      </p>
      {options.length > 1 ? (
        <div className="field field--compact">
          <label htmlFor={`${id}-size`}>{t('shop.size')}</label>
          <select
            id={`${id}-size`}
            value={size?.name ?? ''}
            aria-invalid={sizeError || undefined}
            aria-describedby={sizeError ? `${id}-size-error` : undefined}
            onChange={(event) => {
              setSize(options.find((option) => option.name === event.target.value) ?? null);
              setSizeError(false);
            }}
          >
            <option value="" disabled>
              {t('shop.chooseSize')}
            </option>
            {options.map((option) => (
              <option key={option.name} value={option.name} disabled={option.count <= 0}>
                {option.count <= 0 ? t('shop.sizeSoldOut', { size: option.label }) : option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {options.length === 1 ? <p className="product-card__size">{t('shop.sizeValue', { size: options[0]!.label })}</p> : null}
      {sizeError ? (
        <p id={`${id}-size-error`} className="field-error" role="alert">
          {t('shop.chooseSize')}
        </p>
      ) : null}
      <label className="checkbox product-card__add">
        <input
          type="checkbox"
          checked={checked}
          disabled={soldOut}
          onChange={(event) => {
            if (!event.target.checked) {
              onRemove(size?.name ?? null);
              return;
            }
            if (needsSize) {
              setSizeError(true);
              return;
            }
            if (maxCount > 0) onAdd(size, maxCount);
          }}
        />
        <span>
          {soldOut ? t('shop.soldOut') : t('shop.add')}
          <span className="sr-only"> {product.title}</span>
        </span>
      </label>
    </article>
  );
}
