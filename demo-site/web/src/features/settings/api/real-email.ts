import { isApiError, request } from '../../../lib/api-client';

/**
 * POST /api/user/real/email (accounts-sso §5, §7): whether an address can really receive mail (a
 * disposable or impossible one cannot). Resolves to the server's refusal, or null when the address is
 * fine — and null too when the check gets no answer: a failed check does not stop the person.
 */
export async function realEmailProblem(email: string, options: { fetch?: typeof fetch } = {}): Promise<string | null> {
  try {
    await request({ url: '/api/user/real/email', method: 'POST', data: { email }, fetch: options.fetch });
    return null;
  } catch (error) {
    if (isApiError(error) && error.code === 'http' && error.status === 400) {
      const message = (error.data as { message?: unknown } | null)?.message;
      return typeof message === 'string' && message ? message : null;
    }
    return null;
  }
}
