import { PageTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useNewsList } from '../../features/news/api/get-news';
import { NewsCard } from '../../features/news/components/news-card';
import { NewsSubscription } from '../../features/news/components/news-subscription';
import { useTranslation } from '../../lib/i18n';

export default function NewsList() {
  const { t } = useTranslation();
  const news = useNewsList();
  const items = news.data?.pages.flatMap((page) => page.values) ?? [];
  return (
    <div className="container page">
      <PageTitle>{t('news.title')}</PageTitle>
      {news.isPending ? <Loading /> : null}
      {news.isError && items.length === 0 ? <ErrorState error={news.error} onRetry={() => void news.refetch()} /> : null}
      {news.isSuccess && items.length === 0 ? <EmptyState>{t('news.empty')}</EmptyState> : null}
      {items.length > 0 ? (
        <ul className="card-grid card-grid--3">
          {items.map((item) => (
            <li key={item.public_id}>
              <NewsCard item={item} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : null}
      {news.hasNextPage ? (
        <p className="actions actions--center">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void news.fetchNextPage()}
            disabled={news.isFetchingNextPage}
          >
            {news.isFetchingNextPage ? t('common.loading') : t('news.more')}
          </button>
        </p>
      ) : null}
      <NewsSubscription />
    </div>
  );
}
