import { useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { EmptyState, Loading } from '../../../components/ui/states';
import { useShopCategory } from '../../../features/shop/api/get-shop-category';
import { ShopLoadError } from '../../../features/shop/components/shop-load-error';
import { useBreadcrumbTitle } from '../../../lib/breadcrumbs';
import { useTranslation } from '../../../lib/i18n';
import { ProductGrid } from './basket-shop-card';
import { ShopNav } from './shop-nav';

export default function ShopCategory() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const result = useShopCategory(category);
  useBreadcrumbTitle(result.data?.category.title);
  return (
    <div className="container page">
      <PageTitle>{result.data?.category.title ?? t('shop.title')}</PageTitle>
      <ShopNav />
      {result.isPending ? <Loading /> : null}
      {result.isError ? <ShopLoadError error={result.error} onRetry={() => void result.refetch()} /> : null}
      {result.data && result.data.values.length === 0 ? <EmptyState>{t('shop.emptyCategory')}</EmptyState> : null}
      {result.data && result.data.values.length > 0 ? <ProductGrid products={result.data.values} headingLevel={2} /> : null}
    </div>
  );
}
