import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopBanners } from '../../shop/api/get-shop-banners';
import '../../../locales/basket';

const ShopBannerSwiper = lazy(() => import('./shop-banner-swiper'));

/** The carousel of external-shop banners below the basket (ticketing-shop §2). */
export function ShopBanners() {
  const { t } = useTranslation();
  const banners = useShopBanners();
  const values = banners.data ?? [];
  if (values.length === 0) return null;
  return (
    <section className="shop-banners" aria-labelledby="shop-banners-title">
      <h2 id="shop-banners-title">{t('basket.shopBanners')}</h2>
      <Suspense fallback={null}>
        <ShopBannerSwiper banners={values} />
      </Suspense>
    </section>
  );
}
