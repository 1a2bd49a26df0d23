import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { eventTypesQuery } from '../../features/events/api/get-event-types';
import { eventsQuery, useEvents } from '../../features/events/api/get-events';
import { BannerSlider, BannerSliderPlaceholder } from '../../features/events/components/banner-slider';
import { EventCard } from '../../features/events/components/event-card';
import { Stories } from '../../features/events/components/stories';
import { newsPreviewQuery, useNewsPreview } from '../../features/news/api/get-news-preview';
import { NewsCard } from '../../features/news/components/news-card';
import { useTranslation } from '../../lib/i18n';

function NewsPreviewSection({ news }: { news: ReturnType<typeof useNewsPreview> }) {
  const { t } = useTranslation();
  const values = useDeferredValue(news.data?.values);
  return (
    <section className="section container" aria-labelledby="home-news">
      <div className="section__head">
        <h2 id="home-news">{t('home.newsTitle')}</h2>
        <Link to="/news">{t('home.allNews')}</Link>
      </div>
      {news.isPending || (news.data && !values) ? <Loading /> : null}
      {news.isError ? <ErrorState error={news.error} onRetry={() => void news.refetch()} /> : null}
      {values && values.length === 0 ? <EmptyState>{t('news.empty')}</EmptyState> : null}
      {values && values.length > 0 ? (
        <ul className="card-grid card-grid--3">
          {values.map((item) => (
            <li key={item.public_id}>
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The data home shows first, loaded before the first render on a visit that opens here. */
export const prefetch = (client: QueryClient) =>
  Promise.all([client.prefetchQuery(eventsQuery()), client.prefetchQuery(eventTypesQuery()), client.prefetchQuery(newsPreviewQuery(3))]);

/**
 * Home (ticketing-shop §2): the banners, the stories, the events and the latest news. The banners
 * and the stories keep their size while they load, and the news waits for the events above it, so
 * nothing on screen moves as the answers arrive. The banner (the largest thing on screen) renders
 * with the answer; the lists below it as deferred values, which React builds in small slices, so a
 * phone's main thread is never blocked for long while they appear.
 */
export default function Home() {
  const { t } = useTranslation();
  const events = useEvents();
  const eventList = useDeferredValue(events.data?.values);
  const news = useNewsPreview(3);
  useDocumentTitle(null);
  const eventsPending = events.isPending || (events.data !== undefined && eventList === undefined);
  return (
    <div className="home">
      <h1 className="sr-only">{t('home.title')}</h1>
      {events.isPending ? <BannerSliderPlaceholder /> : null}
      {events.data ? <BannerSlider events={events.data.values} /> : null}
      <Stories />
      <section className="section container" aria-labelledby="home-events">
        <div className="section__head">
          <h2 id="home-events">{t('home.eventsTitle')}</h2>
          <Link to="/calendar">{t('home.allEvents')}</Link>
        </div>
        {eventsPending ? <Loading /> : null}
        {events.isError ? <ErrorState error={events.error} onRetry={() => void events.refetch()} /> : null}
        {eventList && eventList.length === 0 ? <EmptyState>{t('calendar.empty')}</EmptyState> : null}
        {eventList && eventList.length > 0 ? (
          <ul className="card-grid card-grid--3">
            {eventList.map((event) => (
              <li key={event.public_id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {eventsPending ? null : <NewsPreviewSection news={news} />}
    </div>
  );
}
