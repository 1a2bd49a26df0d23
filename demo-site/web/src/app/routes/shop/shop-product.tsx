import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/states';
import { useShopBasket } from '../../../features/basket/use-shop-basket';
import { useProduct } from '../../../features/shop/api/get-product';
import type { Product } from '../../../features/shop/api/schemas';
import { ShopLoadError } from '../../../features/shop/components/shop-load-error';
import { initialSize, maxCountOf, type SizeOption, sizeOptions } from '../../../features/shop/sizes';
import { useBreadcrumbTitle } from '../../../lib/breadcrumbs';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation();
  const id = useId();
  const basket = useShopBasket();
  const options = sizeOptions(product);
  const [size, setSize] = useState<SizeOption | null>(() => initialSize(options));
  const [sizeError, setSizeError] = useState(false);
  const inBasket = (options.length === 0 || size !== null) && basket.isInBasket(product.public_id, size?.name ?? null);
  const soldOut = options.length > 0 && options.every((option) => option.count <= 0);

  const add = () => {
    if (options.length > 0 && size === null) {
      setSizeError(true);
      return;
    }
    basket.add(product, size, maxCountOf(options, size, product.max_count));
  };

  return (
    <div className="product">
      {product.picture ? <img className="product__image" src={product.picture} alt={product.title} width={640} height={640} /> : null}
      <div className="product__info">
        {product.category ? <p className="event-card__type">{product.category.title}</p> : null}
        <PageTitle>{product.title}</PageTitle>
        <p className="product__price">
          {formatRubles(product.price)}{' '}
          {product.old_price ? (
            <s>
              <span className="sr-only">{t('shop.oldPrice')} </span>
              {formatRubles(product.old_price)}
            </s>
          ) : null}
        </p>
        {product.description ? <p>{product.description}</p> : null}
        {typeof product.text === 'string' && product.text ? <p className="muted">{product.text}</p> : null}
        {options.length > 0 ? (
          <fieldset className="sizes" aria-describedby={sizeError ? `${id}-error` : undefined}>
            <legend>{t('shop.size')}</legend>
            <div className="sizes__options">
              {options.map((option) => (
                <label key={option.name} className={`size-option${option.count <= 0 ? ' size-option--disabled' : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-size`}
                    value={option.name}
                    checked={size?.name === option.name}
                    disabled={option.count <= 0}
                    onChange={() => {
                      setSize(option);
                      setSizeError(false);
                    }}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
            {sizeError ? (
              <p id={`${id}-error`} className="field-error" role="alert">
                {t('shop.chooseSize')}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <p className="actions">
          {inBasket ? (
            <>
              <Link to="/basket" className="button">
                {t('shop.inBasket')}
              </Link>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => basket.remove(product.public_id, size?.name ?? null)}
              >
                {t('shop.removeFromBasket')}
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={add} disabled={soldOut}>
              {soldOut ? t('shop.soldOut') : t('shop.addToBasket')}
            </button>
          )}
        </p>
      </div>
    </div>
  );
}

export default function ShopProduct() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  useBreadcrumbTitle(product.data?.title);
  return (
    <div className="container page">
      {product.isPending ? <Loading /> : null}
      {product.isError ? <ShopLoadError error={product.error} onRetry={() => void product.refetch()} /> : null}
      {product.data ? <ProductDetails key={product.data.public_id} product={product.data} /> : null}
      <p>
        <Link to="/shop">{t('shop.back')}</Link>
      </p>
    </div>
  );
}
