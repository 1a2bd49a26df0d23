import * as z from 'zod/mini';
import { request, requestParsed } from '../../../lib/api-client';
import type { BasketItem } from '../basket-items';

const userBasketSchema = z.object({ goods: z.array(z.unknown()) });

/** GET /api/user/basket: the signed-in person's basket kept on the server. */
export const getUserBasket = () => requestParsed(userBasketSchema, { url: '/api/user/basket' });

/** POST /api/user/basket: the basket after a change, so that other devices see it (ticketing-shop §4). */
export const saveUserBasket = (goods: readonly BasketItem[]) => request({ url: '/api/user/basket', method: 'POST', data: { goods } });
