import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readableOn } from '../../../lib/color';
import type { SportEvent } from '../api/schemas';

/**
 * The home banners: events flagged for the slider, each with its home_page pictures (desktop and
 * mobile), text colour, logo and button colour. A scroll-snap track with previous / next buttons;
 * no autoplay, so nothing moves under a reader.
 */
export function BannerSlider({ events }: { events: SportEvent[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const slides = events.filter((event) => event.slider && event.banners?.home_page);
  if (slides.length === 0) return null;

  const go = (index: number) => {
    const next = (index + slides.length) % slides.length;
    setCurrent(next);
    const slide = track.current?.children[next] as HTMLElement | undefined;
    track.current?.scrollTo?.({ left: slide?.offsetLeft ?? 0, behavior: 'smooth' });
  };

  return (
    <section className="banner-slider" aria-roledescription={t('home.carousel')} aria-label={t('home.bannersTitle')}>
      <ul
        className="banner-slider__track"
        ref={track}
        onScroll={(event) => {
          const { scrollLeft, clientWidth } = event.currentTarget;
          if (clientWidth > 0) setCurrent(Math.round(scrollLeft / clientWidth));
        }}
      >
        {slides.map((event, index) => {
          const banner = event.banners!.home_page!;
          const firstCity = event.event_city[0];
          return (
            <li
              key={event.public_id}
              className="banner"
              aria-roledescription={t('home.slide')}
              aria-label={t('home.slideOf', { index: index + 1, total: slides.length })}
              style={{ color: banner.text_color ?? '#fff' }}
            >
              <picture>
                {banner.mobile_picture ? <source media="(max-width: 768px)" srcSet={banner.mobile_picture} /> : null}
                <img
                  className="banner__image"
                  src={banner.desktop_picture ?? banner.mobile_picture ?? ''}
                  alt=""
                  width={1440}
                  height={560}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  loading={index === 0 ? 'eager' : 'lazy'}
                />
              </picture>
              <div className="banner__content">
                {banner.slider_logo ? (
                  <img className="banner__logo" src={banner.slider_logo} alt={event.event_type.title} width={96} height={96} />
                ) : null}
                <h2 className="banner__title">{event.title}</h2>
                {firstCity ? <p className="banner__meta">{firstCity.city.name_ru}</p> : null}
                <Link
                  to={`/calendar/${event.public_id}`}
                  className="button banner__button"
                  style={
                    banner.button_color
                      ? { background: banner.button_color, borderColor: banner.button_color, color: readableOn(banner.button_color) }
                      : undefined
                  }
                  tabIndex={index === current ? 0 : -1}
                >
                  {t('home.participate')}
                  <span className="sr-only">: {event.title}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
      {slides.length > 1 ? (
        <div className="banner-slider__controls">
          <button type="button" className="icon-button" aria-label={t('home.previousSlide')} onClick={() => go(current - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <span className="banner-slider__position" aria-live="polite">
            {current + 1} / {slides.length}
          </span>
          <button type="button" className="icon-button" aria-label={t('home.nextSlide')} onClick={() => go(current + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
