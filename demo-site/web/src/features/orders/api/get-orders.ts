import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../../lib/api-client';
import { orderListResponse, soldGoodsResponse } from './schemas';

/** GET /api/user/shop/orders (signed in): the person's orders with goods, newest first. */
export const getOrders = (signal?: AbortSignal) => requestParsed(orderListResponse, { url: '/api/user/shop/orders', signal });

export const ordersQuery = () => queryOptions({ queryKey: ['user', 'orders'], queryFn: ({ signal }) => getOrders(signal), staleTime: 0 });

export const useOrders = () => useQuery(ordersQuery());

/** GET /api/user/shop/soldgood/{id}: the goods of one of the person's orders (someone else's is a 404). */
export const getSoldGoods = (id: string, signal?: AbortSignal) =>
  requestParsed(soldGoodsResponse, { url: `/api/user/shop/soldgood/${encodeURIComponent(id)}`, signal });

export const useSoldGoods = (id: string) =>
  useQuery({ queryKey: ['user', 'orders', id], queryFn: ({ signal }) => getSoldGoods(id, signal), staleTime: 0 });
