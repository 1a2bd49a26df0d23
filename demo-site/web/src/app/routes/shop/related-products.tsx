import { useRelatedProducts } from '../../../features/shop/api/get-related';
import { useTranslation } from '../../../lib/i18n';
import { ProductGrid } from './basket-shop-card';

/**
 * An event's goods (GET /api/shop/related/{eventId}) as shop cards that add to the basket: on the
 * event page and under the event's tickets in the basket. Nothing shows for an event without goods.
 */
export function RelatedProducts({ eventId, level = 2 }: { eventId: string; level?: 2 | 3 }) {
  const { t } = useTranslation();
  const related = useRelatedProducts(eventId);
  const values = related.data?.values ?? [];
  if (values.length === 0) return null;
  const headingId = `related-${eventId}`;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="section related-products">
      <Heading id={headingId}>{t('shop.related')}</Heading>
      <ProductGrid products={values} headingLevel={level === 2 ? 3 : 4} />
    </section>
  );
}
