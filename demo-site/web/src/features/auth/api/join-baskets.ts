import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { readJson, storageKeys, writeJson, writeString } from '../../../lib/storage';

const basketSchema = z.object({ goods: z.array(z.looseObject({ selector: z.string() })) });

/**
 * accounts-sso §4.1, right after a sign-in: the guest basket (`NoAuthBasketGoods`) is added to the
 * account's server basket (`POST /api/user/basket` with `merge`) and the guest copy is cleared;
 * without a guest basket the account's basket is loaded. Either way `basketGoods` becomes the
 * account's basket. A failure leaves both copies as they were: nothing a person chose is lost, and
 * the sign-in itself stands.
 */
export async function joinBaskets(): Promise<void> {
  const guest = readJson<unknown>(storageKeys.guestBasket, []);
  try {
    if (Array.isArray(guest) && guest.length > 0) {
      const { goods } = await requestParsed(basketSchema, { url: '/api/user/basket', method: 'POST', data: { goods: guest, merge: true } });
      writeString(storageKeys.guestBasket, null);
      writeJson(storageKeys.basket, goods);
    } else {
      const { goods } = await requestParsed(basketSchema, { url: '/api/user/basket' });
      writeJson(storageKeys.basket, goods);
    }
  } catch {
    // The basket stays as it is on this device; the next sign-in tries again.
  }
}
