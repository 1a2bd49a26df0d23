import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/**
 * POST /api/support (accounts-sso §7): name, email, phone, text, support_type; reads `message`.
 * `mailing` is the popup's optional mailing checkbox.
 */
export interface SupportRequest {
  name: string;
  email: string;
  phone: string;
  text: string;
  support_type: string;
  mailing: boolean;
}

export const supportResponse = z.object({ message: z.optional(z.string()) });

export const sendSupportRequest = (body: SupportRequest) =>
  requestParsed(supportResponse, { url: '/api/support', method: 'POST', data: body });

/** Support submission failures are only logged (accounts-sso §8): no global popup. */
export const useSendSupportRequest = () => useMutation({ mutationFn: sendSupportRequest, meta: { globalErrors: false } });
