import { useId, useState } from 'react';
import { EmptyState, Loading } from '../../../components/ui/states';
import { useResultEventCities } from '../../../features/results/api/filter-results';
import { formatDate } from '../../../lib/dates';
import { placeName, useTranslation } from '../../../lib/i18n';
import { externalLinks } from '../../../lib/links';
import { ContentPage } from './content-page';
import '../../../locales/content';

/** How many past races get an album card. */
const ALBUMS = 6;

/** The photo bank's album of a race, and of one bib number in it. */
export const photoBankUrl = (eventCityId: string, number?: string) => {
  const url = new URL(externalLinks.photo);
  url.searchParams.set('event', eventCityId);
  if (number) url.searchParams.set('number', number);
  return url.toString();
};

/**
 * /photo: the photo bank (the header's «Фото» leads to it, ticketing-shop §2): how it works, an album
 * for each of the latest races (the ones with published results), and the search by bib number —
 * both open the photo bank in a new tab.
 */
export default function Photo() {
  const { t } = useTranslation();
  const id = useId();
  const races = useResultEventCities({ limit: ALBUMS });
  const values = races.data?.values ?? [];
  const [race, setRace] = useState('');
  const [number, setNumber] = useState('');
  const chosen = race || values[0]?.public_id || '';
  return (
    <ContentPage name="photo">
      <section className="content-section" aria-labelledby={`${id}-albums`}>
        <h2 id={`${id}-albums`}>{t('content.photo.albumsTitle')}</h2>
        {races.isPending ? <Loading /> : null}
        {races.isSuccess && values.length === 0 ? <EmptyState>{t('content.photo.noAlbums')}</EmptyState> : null}
        <ul className="card-grid card-grid--3">
          {values.map((place) => (
            <li key={place.public_id}>
              <article className="card photo-album" aria-label={`${place.event.title} — ${placeName(place.city)}`}>
                {place.event.event_type.logo ? (
                  <img src={place.event.event_type.logo} alt="" width={64} height={64} loading="lazy" />
                ) : null}
                <h3 className="card__title">{place.event.title}</h3>
                <p>
                  {placeName(place.city)} · <time dateTime={place.start_time}>{formatDate(place.start_time, place.timezone)}</time>
                </p>
                <a
                  className="button button--secondary"
                  href={photoBankUrl(place.public_id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t('content.photo.openAlbum')}: ${place.event.title} — ${placeName(place.city)}`}
                >
                  {t('content.photo.openAlbum')}
                </a>
              </article>
            </li>
          ))}
        </ul>
      </section>
      {values.length > 0 ? (
        <section className="content-section" aria-labelledby={`${id}-find`}>
          <h2 id={`${id}-find`}>{t('content.photo.findTitle')}</h2>
          <form
            className="form photo-find"
            onSubmit={(event) => {
              event.preventDefault();
              window.open(photoBankUrl(chosen, number.trim()), '_blank', 'noopener');
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-race`}>{t('content.photo.race')}</label>
              <select id={`${id}-race`} value={chosen} onChange={(event) => setRace(event.target.value)}>
                {values.map((place) => (
                  <option key={place.public_id} value={place.public_id}>
                    {place.event.title} — {placeName(place.city)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-number`}>{t('content.photo.number')}</label>
              <input
                id={`${id}-number`}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={6}
                required
                value={number}
                onChange={(event) => setNumber(event.target.value.replace(/\D/g, ''))}
                aria-describedby={`${id}-number-hint`}
              />
              <p id={`${id}-number-hint`} className="field-hint">
                {t('content.photo.opensBank')}
              </p>
            </div>
            <button type="submit" className="button">
              {t('content.photo.find')}
            </button>
          </form>
        </section>
      ) : null}
    </ContentPage>
  );
}
