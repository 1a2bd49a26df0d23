import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useEvents } from '../../features/events/api/get-events';
import { BannerSlider } from '../../features/events/components/banner-slider';
import { EventCard } from '../../features/events/components/event-card';
import { useNewsPreview } from '../../features/news/api/get-news-preview';
import { NewsCard } from '../../features/news/components/news-card';

function NewsPreviewSection() {
  const { t } = useTranslation();
  const news = useNewsPreview(3);
  return (
    <section className="section container" aria-labelledby="home-news">
      <div className="section__head">
        <h2 id="home-news">{t('home.newsTitle')}</h2>
        <Link to="/news">{t('home.allNews')}</Link>
      </div>
      {news.isPending ? <Loading /> : null}
      {news.isError ? <ErrorState error={news.error} onRetry={() => void news.refetch()} /> : null}
      {news.data && news.data.values.length === 0 ? <EmptyState>{t('news.empty')}</EmptyState> : null}
      {news.data && news.data.values.length > 0 ? (
        <ul className="card-grid card-grid--3">
          {news.data.values.map((item) => (
            <li key={item.public_id}>
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export default function Home() {
  const { t } = useTranslation();
  const events = useEvents();
  useDocumentTitle(null);
  return (
    <div className="home">
      <h1 className="sr-only">{t('home.title')}</h1>
      {events.data ? <BannerSlider events={events.data.values} /> : null}
      <section className="section container" aria-labelledby="home-events">
        <div className="section__head">
          <h2 id="home-events">{t('home.eventsTitle')}</h2>
          <Link to="/calendar">{t('home.allEvents')}</Link>
        </div>
        {events.isPending ? <Loading /> : null}
        {events.isError ? <ErrorState error={events.error} onRetry={() => void events.refetch()} /> : null}
        {events.data && events.data.values.length === 0 ? <EmptyState>{t('calendar.empty')}</EmptyState> : null}
        {events.data && events.data.values.length > 0 ? (
          <ul className="card-grid card-grid--3">
            {events.data.values.map((event) => (
              <li key={event.public_id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <NewsPreviewSection />
    </div>
  );
}
