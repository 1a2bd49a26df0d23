import { request } from '../../../lib/api-client';
import { removeToken } from '../../../lib/auth';

/**
 * POST /api/auth/logout ends this session on the server; the token and user are forgotten here even
 * when the call fails (no connection, an already ended session), so «Выйти» always signs out.
 */
export async function logout(): Promise<void> {
  try {
    await request({ url: '/api/auth/logout', method: 'POST' });
  } catch {
    // The session ends on the server by itself when it expires.
  } finally {
    removeToken();
  }
}
