import dayjs from 'dayjs';
import { useTranslation } from '../../../lib/i18n';
import type { Session } from '../api/sessions';
import '../../../locales/cabinet';

const methods = ['email', 'sms', 'vk', 'google', 'gid'] as const;
type Method = (typeof methods)[number];
const isMethod = (value: unknown): value is Method => methods.includes(value as Method);

/** accounts-sso §2.10: the date «D MMMM YYYY». */
export const sessionDate = (iso: string) => dayjs(iso).format('D MMMM YYYY');

/** One sign-in: place (placeholders when unknown), date, OS, browser; the first is marked active. */
export function SessionCard({ session, first, onEnd, ending }: { session: Session; first: boolean; onEnd: () => void; ending: boolean }) {
  const { t } = useTranslation();
  const place = `${session.city || t('cabinet.sessions.unknownCity')}, ${session.country || t('cabinet.sessions.unknownCountry')}`;
  const device = [session.os, session.browser ? t('cabinet.sessions.from', { browser: session.browser }) : null].filter(Boolean).join(' ');
  const open = session.active !== false;
  return (
    <article className="card session-card">
      <div>
        <h2 className="card__title">{place}</h2>
        <p>
          <time dateTime={session.temp}>{sessionDate(session.temp)}</time>
          {isMethod(session.method) ? ` · ${t(`cabinet.sessions.method.${session.method}`)}` : null}
        </p>
        {device ? <p className="muted">{device}</p> : null}
      </div>
      <div>
        {first ? <p className="status-line">{t('cabinet.sessions.active')}</p> : null}
        {session.current && !first ? <p className="status-line">{t('cabinet.sessions.current')}</p> : null}
        {!session.current && open ? (
          <button type="button" className="button button--secondary button--small" disabled={ending} onClick={onEnd}>
            {t('cabinet.sessions.end')}
            <span className="sr-only">
              {' '}
              {place}, {sessionDate(session.temp)}
            </span>
          </button>
        ) : null}
        {!open ? <p className="muted">{t('cabinet.sessions.ended')}</p> : null}
      </div>
    </article>
  );
}
