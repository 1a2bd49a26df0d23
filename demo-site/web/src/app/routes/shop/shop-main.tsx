import { useState } from 'react';
import { PageTitle } from '../../../components/ui/page';
import { EmptyState, Loading } from '../../../components/ui/states';
import { CertificateShop } from '../../../features/certificates/components/certificate-shop';
import { useHeroes } from '../../../features/shop/api/get-related';
import { useShopBanners } from '../../../features/shop/api/get-shop-banners';
import { useShopPreview } from '../../../features/shop/api/get-shop-preview';
import { ShopLoadError } from '../../../features/shop/components/shop-load-error';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import { ProductGrid } from './basket-shop-card';
import { ShopNav } from './shop-nav';

function ExternalShopBanners() {
  const { t } = useTranslation();
  // A shop without banners answers 404: that is simply no banners, not an error to show.
  const banners = useShopBanners();
  if (!banners.data || banners.data.length === 0) return null;
  return (
    <section aria-labelledby="shop-banners" className="section">
      <h2 id="shop-banners">{t('shop.bannersTitle')}</h2>
      <ul className="scroll-row">
        {banners.data.map((banner) => (
          <li key={banner.public_id} className="card shop-banner">
            {banner.picture_main ? <img src={banner.picture_main} alt="" width={240} height={240} loading="lazy" /> : null}
            <h3 className="card__title">
              {banner.link ? (
                <a href={banner.link} target="_blank" rel="noopener noreferrer" className="stretched-link">
                  {banner.title}
                </a>
              ) : (
                banner.title
              )}
            </h3>
            {typeof banner.price === 'number' ? (
              <p>
                {formatRubles(banner.price)} {banner.old_price ? <s>{formatRubles(banner.old_price)}</s> : null}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The «Герои» collection: its preview, and the whole of it on request. */
function HeroesCollection() {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const heroes = useHeroes(all);
  // The preview stays on screen while the whole collection loads.
  const preview = useHeroes(false);
  const shown = heroes.data ?? preview.data;
  if (!shown || shown.values.length === 0) return null;
  return (
    <section aria-labelledby="shop-heroes" className="section">
      <h2 id="shop-heroes">{t('shop.heroesTitle')}</h2>
      <ProductGrid products={shown.values} headingLevel={3} />
      {all ? null : (
        <p>
          <button type="button" className="button button--secondary" onClick={() => setAll(true)}>
            {t('shop.heroesAll')}
          </button>
        </p>
      )}
    </section>
  );
}

/** The shop's main screen: search, categories, the random preview of 16, the «Герои» collection, gift certificates and external-shop banners. */
export default function ShopMain() {
  const { t } = useTranslation();
  const preview = useShopPreview('home');
  return (
    <div className="container page">
      <PageTitle lead={t('shop.lead')}>{t('shop.title')}</PageTitle>
      <ShopNav />
      <section aria-labelledby="shop-preview" className="section">
        <h2 id="shop-preview">{t('shop.previewTitle')}</h2>
        {preview.isPending ? <Loading /> : null}
        {preview.isError ? <ShopLoadError error={preview.error} onRetry={() => void preview.refetch()} /> : null}
        {preview.data && preview.data.values.length === 0 ? <EmptyState>{t('shop.empty')}</EmptyState> : null}
        {preview.data && preview.data.values.length > 0 ? <ProductGrid products={preview.data.values} /> : null}
      </section>
      <HeroesCollection />
      <CertificateShop />
      <ExternalShopBanners />
    </div>
  );
}
