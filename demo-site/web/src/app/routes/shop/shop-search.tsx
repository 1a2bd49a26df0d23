import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { EmptyState, Loading } from '../../../components/ui/states';
import { useProductSearch } from '../../../features/shop/api/search-products';
import { ShopLoadError } from '../../../features/shop/components/shop-load-error';
import { useTranslation } from '../../../lib/i18n';
import { ProductGrid } from './basket-shop-card';
import { ShopNav } from './shop-nav';

export default function ShopSearch() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const text = params.get('text')?.trim() ?? '';
  const result = useProductSearch(text);
  return (
    <div className="container page">
      <PageTitle>{text ? t('shop.searchResults', { text }) : t('shop.searchTitle')}</PageTitle>
      <ShopNav key={text} initialText={text} />
      <div aria-live="polite">
        {!text ? <EmptyState>{t('shop.searchPrompt')}</EmptyState> : null}
        {text && result.isPending ? <Loading /> : null}
        {result.isError ? <ShopLoadError error={result.error} onRetry={() => void result.refetch()} /> : null}
        {result.data && result.data.values.length === 0 ? <EmptyState>{t('shop.nothingFound')}</EmptyState> : null}
        {result.data && result.data.values.length > 0 ? <ProductGrid products={result.data.values} headingLevel={2} /> : null}
      </div>
    </div>
  );
}
