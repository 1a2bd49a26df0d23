import { useId, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useShopCategories } from '../../../features/shop/api/get-shop-categories';
import { useTranslation } from '../../../lib/i18n';

/** The shop's search box and category links, on every shop screen. */
export function ShopNav({ initialText = '' }: { initialText?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const categories = useShopCategories();
  return (
    <div className="shop-nav">
      <search>
        <form
          className="shop-search"
          onSubmit={(event) => {
            event.preventDefault();
            const value = text.trim();
            if (value) navigate(`/shop/search?text=${encodeURIComponent(value)}`);
          }}
        >
          <label htmlFor={`${id}-search`} className="sr-only">
            {t('shop.searchLabel')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder={t('shop.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button">
            {t('common.find')}
          </button>
        </form>
      </search>
      {categories.data && categories.data.values.length > 0 ? (
        <nav aria-label={t('shop.categories')}>
          <ul className="chips">
            {categories.data.values.map((category) => (
              <li key={category.public_id}>
                <NavLink className="chip" to={`/shop/category/${category.name}`}>
                  {category.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
