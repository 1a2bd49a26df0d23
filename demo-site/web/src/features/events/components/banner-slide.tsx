import { Link } from 'react-router';
import { readableOn } from '../../../lib/color';
import { placeName, useTranslation } from '../../../lib/i18n';
import type { SportEvent } from '../api/schemas';

/** The events the home carousel shows: flagged for the slider and with home_page pictures. */
export const sliderEvents = (events: SportEvent[]) => events.filter((event) => event.slider && event.banners?.home_page);

/** The carousel pattern's names for a slide's list item: «слайд», «2 из 5». */
export function useSlideLabel() {
  const { t } = useTranslation();
  return (index: number, total: number) => ({
    'aria-roledescription': t('home.slide'),
    'aria-label': t('home.slideOf', { index: index + 1, total }),
  });
}

interface BannerSlideProps {
  event: SportEvent;
  index: number;
  /** The slide on screen: its link is in the tab order and its picture loads first. */
  active: boolean;
}

/**
 * One home banner (ticketing-shop §3 banners.home_page): the desktop and mobile pictures, the text
 * colour, the logo and the button colour. The same markup is the static first slide and a Swiper
 * slide, so the page does not move when the carousel takes over.
 */
export function BannerSlide({ event, index, active }: BannerSlideProps) {
  const { t } = useTranslation();
  const banner = event.banners?.home_page ?? {};
  const firstCity = event.event_city[0];
  return (
    <div className="banner" style={{ color: banner.text_color ?? '#fff' }}>
      <picture>
        {banner.mobile_picture ? <source media="(max-width: 768px)" srcSet={banner.mobile_picture} width={640} height={960} /> : null}
        <img
          className="banner__image"
          src={banner.desktop_picture ?? banner.mobile_picture ?? ''}
          alt=""
          width={1200}
          height={640}
          fetchPriority={index === 0 ? 'high' : 'low'}
          loading={index === 0 ? 'eager' : 'lazy'}
          decoding={index === 0 ? 'sync' : 'async'}
        />
      </picture>
      <div className="banner__content">
        {banner.slider_logo ? (
          <img className="banner__logo" src={banner.slider_logo} alt={event.event_type.title} width={72} height={72} />
        ) : null}
        <h2 className="banner__title">{event.title}</h2>
        {firstCity ? <p className="banner__meta">{placeName(firstCity.city)}</p> : null}
        <Link
          to={`/calendar/${event.public_id}`}
          className="button banner__button"
          style={
            banner.button_color
              ? { background: banner.button_color, borderColor: banner.button_color, color: readableOn(banner.button_color) }
              : undefined
          }
          tabIndex={active ? 0 : -1}
        >
          {t('home.participate')}
          <span className="sr-only">: {event.title}</span>
        </Link>
      </div>
    </div>
  );
}
