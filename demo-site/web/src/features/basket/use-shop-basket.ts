import { basketKey } from './basket-items';
import { basketActions, useBasket } from './basket-store';
import { type ShopProductInput, shopLine } from './shop-line';

const newId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;

/** The basket as a shop card sees it: is this product in this size there, add it, remove it. */
export function useShopBasket() {
  const { goods } = useBasket();
  const keys = new Set(goods.map(basketKey));
  const key = (productId: string, size: string | null) => basketKey({ selector: 'shop', public_id: productId, unique_id: '', size });
  return {
    isInBasket: (productId: string, size: string | null) => keys.has(key(productId, size)),
    add: (product: ShopProductInput, size: { name: string; public_id: string | null } | null, maxCount: number) =>
      basketActions.add(shopLine({ product, size, maxCount, uniqueId: newId() })),
    remove: (productId: string, size: string | null) => basketActions.remove(key(productId, size)),
  };
}

export { newId as newBasketId };
