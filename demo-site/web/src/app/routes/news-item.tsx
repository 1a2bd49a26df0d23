import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/states';
import { newsParagraphs, useNewsItem } from '../../features/news/api/get-news-item';
import { useBreadcrumbTitle } from '../../lib/breadcrumbs';
import { formatDate } from '../../lib/dates';
import { useTranslation } from '../../lib/i18n';

export default function NewsItemPage() {
  const { t } = useTranslation();
  const { newsId = '' } = useParams();
  const news = useNewsItem(newsId);
  useBreadcrumbTitle(news.data?.title);

  return (
    <div className="container page page--narrow">
      {news.isPending ? <Loading /> : null}
      {news.isError ? <ErrorState error={news.error} onRetry={() => void news.refetch()} /> : null}
      {news.data ? (
        <article className="article">
          <PageTitle>{news.data.title}</PageTitle>
          <p className="muted">
            <time dateTime={news.data.date}>{formatDate(news.data.date)}</time>
          </p>
          {news.data.picture ? <img className="article__image" src={news.data.picture} alt="" width={960} height={540} /> : null}
          {newsParagraphs(news.data).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {news.data.event ? (
            <p>
              <Link className="button" to={`/calendar/${news.data.event.public_id}`}>
                {t('news.toEvent', { title: news.data.event.title })}
              </Link>
            </p>
          ) : null}
        </article>
      ) : null}
      <p>
        <Link to="/news">{t('news.back')}</Link>
      </p>
    </div>
  );
}
