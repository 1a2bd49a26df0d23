import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import type { PageBanner } from '../../shop/api/get-shop-banners';
import { formatRubles, toKopecks } from '../basket-model';

/** ticketing-shop §2: 4 slides per view, 2 below 768 px; autoplay every 4700 ms, turns of 1200 ms, 24 px apart. */
export const SHOP_BANNER_SWIPER = {
  slidesPerView: 2,
  breakpoints: { 768: { slidesPerView: 4 } },
  autoplay: { delay: 4700, disableOnInteraction: false, pauseOnMouseEnter: true },
  speed: 1200,
  spaceBetween: 24,
} as const;

/** The external-shop banners in Swiper: its own chunk, loaded when the basket shows them. */
export default function ShopBannerSwiper({ banners }: { banners: PageBanner[] }) {
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <Swiper
      className="shop-banners__viewport"
      wrapperTag="ul"
      modules={[Autoplay]}
      slidesPerView={SHOP_BANNER_SWIPER.slidesPerView}
      breakpoints={SHOP_BANNER_SWIPER.breakpoints}
      autoplay={reducedMotion ? false : SHOP_BANNER_SWIPER.autoplay}
      speed={reducedMotion ? 0 : SHOP_BANNER_SWIPER.speed}
      spaceBetween={SHOP_BANNER_SWIPER.spaceBetween}
    >
      {banners.map((banner) => (
        <SwiperSlide key={banner.public_id} tag="li" className="shop-banner">
          <a href={banner.link ?? '#'} target="_blank" rel="noreferrer" className="shop-banner__link">
            {banner.picture_main ? <img src={banner.picture_main} alt="" width={240} height={240} loading="lazy" /> : null}
            <span className="shop-banner__title">{banner.title}</span>
            {typeof banner.price === 'number' ? (
              <span className="shop-banner__price">
                {formatRubles(toKopecks(banner.price))}
                {typeof banner.old_price === 'number' && banner.old_price > banner.price ? (
                  <s className="shop-banner__old">{formatRubles(toKopecks(banner.old_price))}</s>
                ) : null}
              </span>
            ) : null}
          </a>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
