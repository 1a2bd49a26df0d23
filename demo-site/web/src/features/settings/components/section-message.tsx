import { isApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import type { TimedMessage } from '../../../lib/use-timed-message';

/** A section's status line, read out when it changes (accounts-sso §4.6: it clears after 5 s). */
export function SectionMessage({ message }: { message: TimedMessage | null }) {
  return (
    <p className={`message${message?.error ? ' message--error' : ''}`} role="status">
      {message?.text}
    </p>
  );
}

/** The server's own message for a refused change (accounts-sso §8), else the generic one. */
export const errorText = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : i18n.t('errors.generic');
