import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** PUT /api/user/subscribe/news (accounts-sso §7): the address joins the news mailing; answers a message. */
export const subscribeToNews = (email: string) =>
  requestParsed(z.object({ message: z.string() }), { url: '/api/user/subscribe/news', method: 'PUT', data: { email } });

/** The subscription; its refusal shows beside the form, not in the global popup. */
export const useSubscribeToNews = () => useMutation({ mutationFn: subscribeToNews, meta: { globalErrors: false } });
