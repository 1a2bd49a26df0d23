import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request, requestParsed } from '../../../lib/api-client';
import { ticketsKey } from './get-tickets';
import { ticketSchema } from './schemas';

/** PUT /api/user/ticket/transfer: passes the ticket to the person with this e-mail (they confirm it). */
export const transferTicket = (body: { public_id: string; email: string }) =>
  requestParsed(ticketSchema, { url: '/api/user/ticket/transfer', method: 'PUT', data: body });

/** PUT /api/user/ticket/confirm/transfer: the recipient accepts (true) or declines (false). */
export const confirmTransfer = (body: { public_id: string; transfer_confirm: boolean }) =>
  requestParsed(z.object({ public_id: z.string(), status: z.string() }), {
    url: '/api/user/ticket/confirm/transfer',
    method: 'PUT',
    data: body,
  });

/** PUT /api/user/ticket/return: the original owner takes a passed-on ticket back. */
export const returnTicket = (publicId: string) =>
  requestParsed(ticketSchema, { url: '/api/user/ticket/return', method: 'PUT', data: { public_id: publicId } });

/** PUT /api/user/ticket/disable: cancels the ticket's registration. */
export const cancelRegistration = (publicId: string) =>
  request({ url: '/api/user/ticket/disable', method: 'PUT', data: { public_id: publicId } });

/** ticketing-shop §7 and §9: the purchase cancel waits 30 s, not the 10 s of every other call. */
export const CANCEL_PAYMENT_TIMEOUT_MS = 30_000;

/** POST /api/payment/cancel: cancels a paid order before its event; answers the refunded sum in rubles. */
export const cancelPurchase = (orderId: string, options: { fetch?: typeof fetch } = {}) =>
  requestParsed(z.object({ sum: z.number() }), {
    url: '/api/payment/cancel',
    method: 'POST',
    data: { order_id: orderId },
    timeoutMs: CANCEL_PAYMENT_TIMEOUT_MS,
    fetch: options.fetch,
  });

/** A ticket action that refreshes every ticket list and page once done (ticketing-shop §4: «reloads tickets»). */
export function useTicketAction<TVariables, TResult>(action: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}
