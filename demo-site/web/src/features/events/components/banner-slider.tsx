import { type ComponentType, type FocusEvent, type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { SportEvent } from '../api/schemas';
import { BannerSlide, sliderEvents, useSlideLabel } from './banner-slide';
import type { BannerSwiperProps } from './banner-swiper';

const loadSwiper = () => import('./banner-swiper');

/** The space the carousel takes while the events load, so nothing below it moves when it comes. */
export function BannerSliderPlaceholder() {
  return (
    <div className="banner-slider banner-slider--placeholder" aria-hidden="true">
      <div className="banner" />
    </div>
  );
}

/**
 * The home banners: events flagged for the slider. The first slide is plain markup, painted with
 * the page; Swiper (its own chunk, ~25 KB gzip, kept out of what `/` loads) takes over the same box
 * when someone reaches for the carousel — points at it, touches it, focuses it or turns a slide —
 * so a reader who only scrolls past never pays for it. Previous / next buttons and the arrow keys
 * turn the slides; no autoplay, so nothing moves under a reader.
 */
export function BannerSlider({ events }: { events: SportEvent[] }) {
  const { t } = useTranslation();
  const slideLabel = useSlideLabel();
  const slides = sliderEvents(events);
  const [current, setCurrent] = useState(0);
  const [Carousel, setCarousel] = useState<ComponentType<BannerSwiperProps> | null>(null);
  const requested = useRef(false);
  const section = useRef<HTMLElement>(null);
  // Focus on the static slide's link when Swiper replaces that markup: it moves to the same link.
  const focusInSlide = useRef(false);

  const upgrade = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    loadSwiper().then(
      (module) => setCarousel(() => module.default),
      () => {
        requested.current = false; // a failed chunk load: the static slide stays, the next reach retries
      },
    );
  }, []);

  const several = slides.length > 1;
  useLayoutEffect(() => {
    if (!Carousel || !focusInSlide.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && section.current?.contains(active)) return;
    section.current?.querySelector<HTMLElement>('.banner-slider__viewport a[tabindex="0"]')?.focus();
  }, [Carousel]);
  if (slides.length === 0) return null;
  const active = Math.min(current, slides.length - 1);
  const go = (index: number) => {
    setCurrent((index + slides.length) % slides.length);
    upgrade();
  };
  const onFocus = (event: FocusEvent) => {
    focusInSlide.current = (event.target as Element).closest('.banner-slider__viewport') !== null;
    upgrade();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(active - 1);
    else if (event.key === 'ArrowRight') go(active + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      ref={section}
      className="banner-slider"
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.bannersTitle')}
      onPointerEnter={several ? upgrade : undefined}
      onTouchStart={several ? upgrade : undefined}
      onFocus={several ? onFocus : undefined}
      onKeyDown={several ? onKeyDown : undefined}
    >
      {Carousel ? (
        <Carousel slides={slides} current={active} onChange={setCurrent} />
      ) : (
        <div className="banner-slider__viewport">
          <ul className="banner-slider__static">
            <li {...slideLabel(active, slides.length)}>
              <BannerSlide event={slides[active]!} index={active} active />
            </li>
          </ul>
        </div>
      )}
      {several ? (
        <div className="banner-slider__controls">
          <button type="button" className="icon-button" aria-label={t('home.previousSlide')} onClick={() => go(active - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <span className="banner-slider__position" aria-live="polite">
            {active + 1} / {slides.length}
          </span>
          <button type="button" className="icon-button" aria-label={t('home.nextSlide')} onClick={() => go(active + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
