import { useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import type { SportEvent } from '../api/schemas';
import { BannerSlide, useSlideLabel } from './banner-slide';

export interface BannerSwiperProps {
  slides: SportEvent[];
  /** The slide on screen; the slider's own buttons change it, a swipe reports it through onChange. */
  current: number;
  onChange: (index: number) => void;
}

const SPEED_MS = 600;

/**
 * The home banners in Swiper (ARCHITECTURE.md): touch swipe and animated turns. Its own chunk,
 * loaded by BannerSlider once the page is idle or someone reaches for the carousel.
 */
export default function BannerSwiper({ slides, current, onChange }: BannerSwiperProps) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const slideLabel = useSlideLabel();
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  useEffect(() => {
    if (swiper && !swiper.destroyed && swiper.activeIndex !== current) swiper.slideTo(current);
  }, [swiper, current]);

  return (
    <Swiper
      className="banner-slider__viewport"
      wrapperTag="ul"
      initialSlide={current}
      slidesPerView={1}
      spaceBetween={0}
      speed={reducedMotion ? 0 : SPEED_MS}
      onSwiper={setSwiper}
      onSlideChange={(instance) => onChange(instance.activeIndex)}
    >
      {slides.map((event, index) => (
        <SwiperSlide key={event.public_id} tag="li" {...slideLabel(index, slides.length)}>
          <BannerSlide event={event} index={index} active={index === current} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
