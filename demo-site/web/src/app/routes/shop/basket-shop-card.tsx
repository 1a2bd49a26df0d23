import { useShopBasket } from '../../../features/basket/use-shop-basket';
import type { Product } from '../../../features/shop/api/schemas';
import { ShopCard } from '../../../features/shop/components/shop-card';

/** A shop card bound to the local basket. */
export function BasketShopCard({ product, headingLevel }: { product: Product; headingLevel?: 2 | 3 | 4 }) {
  const basket = useShopBasket();
  return (
    <ShopCard
      product={product}
      headingLevel={headingLevel}
      isInBasket={(size) => basket.isInBasket(product.public_id, size)}
      onAdd={(size, maxCount) => basket.add(product, size, maxCount)}
      onRemove={(size) => basket.remove(product.public_id, size)}
    />
  );
}

export function ProductGrid({ products, headingLevel }: { products: Product[]; headingLevel?: 2 | 3 | 4 }) {
  return (
    <ul className="card-grid card-grid--4">
      {products.map((product) => (
        <li key={product.public_id}>
          <BasketShopCard product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
