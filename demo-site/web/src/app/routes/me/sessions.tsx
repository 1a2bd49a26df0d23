import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { useEndOtherSessions, useEndSession, useSessions } from '../../../features/sessions/api/sessions';
import { SessionCard } from '../../../features/sessions/components/session-card';
import { useTranslation } from '../../../lib/i18n';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

/** /me/session, «Активность» (accounts-sso §2.10), and ending the other sessions (beyond the spec). */
export default function Sessions() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { message, show } = useTimedMessage();
  const values = sessions.data?.values ?? [];
  const othersOpen = values.some((session) => !session.current && session.active !== false);
  return (
    <CabinetFrame title={t('cabinet.sessions.title')}>
      <p className="page-lead">{t('cabinet.sessions.lead')}</p>
      {sessions.isPending ? <Loading /> : null}
      {sessions.isError ? <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} /> : null}
      {sessions.data && values.length === 0 ? <EmptyState>{t('cabinet.sessions.empty')}</EmptyState> : null}
      {othersOpen ? (
        <p>
          <button
            type="button"
            className="button button--secondary"
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, { onSuccess: (result) => show(t('cabinet.sessions.endedOthers', { count: result.revoked })) })
            }
          >
            {t('cabinet.sessions.endOthers')}
          </button>
        </p>
      ) : null}
      <p className="message" role="status">
        {message?.text}
      </p>
      {values.length > 0 ? (
        <ul className="cabinet-list">
          {values.map((session, index) => (
            <li key={session.public_id}>
              <SessionCard
                session={session}
                first={index === 0}
                ending={endOne.isPending}
                onEnd={() => endOne.mutate(session.public_id, { onSuccess: () => show(t('cabinet.sessions.endedOne')) })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </CabinetFrame>
  );
}
