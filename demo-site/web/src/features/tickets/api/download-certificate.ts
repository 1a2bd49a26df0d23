import { ApiError, buildUrl } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth';

/**
 * GET /api/user/certificate/result/{id}: the finisher certificate, a PDF. The call needs the token in
 * a header, which a plain link cannot send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadCertificate(ticketId: string): Promise<void> {
  const token = getToken();
  const response = await fetch(buildUrl(`/api/user/certificate/result/${encodeURIComponent(ticketId)}`), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError({ status: response.status, code: 'http', message: body?.message ?? `HTTP ${response.status}`, data: body });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `certificate-${ticketId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
