import { useTranslation } from 'react-i18next';
import { ContentPage, pictureIn } from './content-page';

const gallery = [
  { key: 'start', src: '/images/pages/photo-start.svg' },
  { key: 'finish', src: '/images/pages/photo-finish.svg' },
  { key: 'medal', src: '/images/pages/photo-medal.svg' },
] as const;

/** /photo: how to find one's photos, and albums of the last races. */
export default function Photo() {
  const { t, i18n } = useTranslation();
  return (
    <ContentPage name="photo">
      <section className="content-section" aria-labelledby="photo-albums">
        <h2 id="photo-albums">{t('content.photo.albumsTitle')}</h2>
        <ul className="card-grid card-grid--3">
          {gallery.map((album) => (
            <li key={album.key}>
              <figure className="card photo-album">
                <img src={pictureIn(album.src, i18n.language)} alt="" width={600} height={600} loading="lazy" />
                <figcaption>{t(`content.photo.albums.${album.key}`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}
