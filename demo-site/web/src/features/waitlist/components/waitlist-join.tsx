import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useIsAuthenticated } from '../../../lib/auth';
import { emailPattern } from '../../../lib/contact-rules';
import { useTranslation } from '../../../lib/i18n';
import { joinWaitlist } from '../api';
import '../../../locales/waitlist';

/**
 * A sold-out format's «Сообщить, если появятся билеты» (issue 35): a signed-in visitor joins at once,
 * a guest gives an e-mail; the place in the list is shown (a guest's own place and the leave link come by letter).
 */
export function WaitlistJoin({ formatPublicId, title }: { formatPublicId: string; title: string }) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [joined, setJoined] = useState<{ position: number; status: string; email: string | undefined } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();

  const join = async (address?: string) => {
    setSending(true);
    setError(null);
    try {
      setJoined({ ...(await joinWaitlist(formatPublicId, address)), email: address });
    } catch (failure) {
      setError(isApiError(failure) && failure.status === 400 && failure.message ? failure.message : t('waitlist.failed'));
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!emailPattern.test(address)) {
      setError(t('waitlist.invalidEmail'));
      return;
    }
    void join(address);
  };

  if (joined) {
    return (
      <>
        <p className="waitlist-join__status" role="status">
          {joined.status === 'offered' ? t('waitlist.offered') : t('waitlist.position', { position: joined.position })}
        </p>
        {/* A guest's own place and the leave link come by letter (the answer is the same for any address typed). */}
        {joined.email ? <p className="field-hint">{t('waitlist.guestLetter', { email: joined.email })}</p> : null}
      </>
    );
  }
  return (
    <div className="waitlist-join">
      {open && !signedIn ? (
        <form className="waitlist-join__form" onSubmit={submit} aria-label={t('waitlist.join')}>
          <label htmlFor={emailId}>{t('waitlist.emailLabel')}</label>
          <input
            id={emailId}
            type="text"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
          />
          <button type="submit" className="button" disabled={sending}>
            {sending ? t('waitlist.sending') : t('waitlist.submit')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={sending}
          onClick={() => (signedIn ? void join() : setOpen(true))}
        >
          {t('waitlist.join')}
          <span className="sr-only">: {title}</span>
        </button>
      )}
      <p className="field-hint">{t('waitlist.explain')}</p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
