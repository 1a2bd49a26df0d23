import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type PageBanner, useShopBanners } from '../../shop/api/get-shop-banners';
import '../../../locales/basket';

const ShopBannerSwiper = lazy(() => import('./shop-banner-swiper'));

/**
 * Whether the element has come near the viewport (200 px ahead). Where IntersectionObserver is
 * missing it says yes at once, so the content always shows.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * The carousel of external-shop banners below the basket (ticketing-shop §2). Swiper and its setup
 * are the page's heaviest script after React: they load when the carousel nears the viewport, not
 * while the basket itself renders; the frame keeps the carousel's height meanwhile (no layout shift).
 */
export const ShopBanners = memo(function ShopBanners() {
  const { t } = useTranslation();
  const banners = useShopBanners();
  const values = banners.data ?? [];
  if (values.length === 0) return null;
  return (
    <section className="shop-banners" aria-labelledby="shop-banners-title">
      <h2 id="shop-banners-title">{t('basket.shopBanners')}</h2>
      <BannerFrame banners={values} />
    </section>
  );
});

function BannerFrame({ banners }: { banners: PageBanner[] }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="shop-banners__frame">
      {near ? (
        <Suspense fallback={null}>
          <ShopBannerSwiper banners={banners} />
        </Suspense>
      ) : null}
    </div>
  );
}
