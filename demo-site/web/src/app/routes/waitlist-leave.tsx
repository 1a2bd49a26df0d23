import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { Loading } from '../../components/ui/states';
import { useOnce } from '../../features/auth/use-once';
import { describeLeave, leaveByLink } from '../../features/waitlist/api';
import { useTranslation } from '../../lib/i18n';
import '../../locales/waitlist';

type State = { kind: 'checking' } | { kind: 'ask'; event: string; format: string } | { kind: 'left' } | { kind: 'gone' };

/**
 * /waitlist/leave/{token}: the leave link of a waiting-list letter (issue 35), for a guest who joined
 * with an e-mail and has no account to sign into. Opening it only asks «Покинуть лист ожидания?» (a mail
 * scanner that opens links removes nobody); the button leaves. It names the event and format, not the person.
 */
export default function WaitlistLeaveScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [sending, setSending] = useState(false);

  useOnce(() => {
    describeLeave(token).then(
      (found) => setState({ kind: 'ask', event: found.event_title, format: found.format_title }),
      () => setState({ kind: 'gone' }),
    );
  });

  const leave = () => {
    setSending(true);
    leaveByLink(token)
      .then(
        () => setState({ kind: 'left' }),
        () => setState({ kind: 'gone' }),
      )
      .finally(() => setSending(false));
  };

  const lead =
    state.kind === 'ask'
      ? t('waitlist.leaveWhat', { event: state.event, format: state.format })
      : state.kind === 'left'
        ? t('waitlist.leaveDone')
        : state.kind === 'gone'
          ? t('waitlist.leaveGone')
          : t('waitlist.leaveChecking');
  return (
    <div className="container page page--center">
      <PageTitle lead={lead}>{state.kind === 'left' ? t('waitlist.leaveDone') : t('waitlist.leaveTitle')}</PageTitle>
      {state.kind === 'checking' ? <Loading /> : null}
      {state.kind === 'ask' ? (
        <>
          <p>{t('waitlist.leaveExplain')}</p>
          <p className="actions">
            <button type="button" className="button" onClick={leave} disabled={sending} aria-busy={sending}>
              {t('waitlist.leaveButton')}
            </button>
            <Link to="/" className="button button--secondary">
              {t('common.toHome')}
            </Link>
          </p>
        </>
      ) : null}
      {state.kind === 'left' || state.kind === 'gone' ? (
        <p className="actions">
          <Link to="/calendar" className="button">
            {t('waitlist.toCalendar')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
