import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { leaveWaitlist, myWaitlistQuery, useMyWaitlist } from '../api';
import '../../../locales/waitlist';

/** The cabinet's waiting places (issue 35): each format with the place in its list, and a way to leave. */
export function MyWaitlist() {
  const { t } = useTranslation();
  const list = useMyWaitlist();
  const client = useQueryClient();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const values = list.data?.values ?? [];
  if (values.length === 0 && !message) return null;

  const leave = async (formatPublicId: string) => {
    setLeaving(formatPublicId);
    try {
      await leaveWaitlist(formatPublicId);
      setMessage(t('waitlist.left'));
      await client.invalidateQueries({ queryKey: myWaitlistQuery().queryKey });
    } finally {
      setLeaving(null);
    }
  };

  return (
    <section className="my-waitlist" aria-label={t('waitlist.title')}>
      <h2>{t('waitlist.title')}</h2>
      {message ? <p role="status">{message}</p> : null}
      {values.length === 0 ? <p>{t('waitlist.empty')}</p> : null}
      <ul className="my-waitlist__list">
        {values.map((entry) => (
          <li key={entry.format_public_id} className="card my-waitlist__entry">
            <p>
              <Link to={`/event/${entry.event_public_id}`}>{entry.event_title}</Link>, {entry.format_title}
            </p>
            <p>
              {entry.status === 'offered'
                ? `${t('waitlist.offered')}. ${entry.offer_expires_at ? t('waitlist.until', { date: formatDateTime(entry.offer_expires_at) }) : ''}`
                : t('waitlist.position', { position: entry.position })}
            </p>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={leaving === entry.format_public_id}
              onClick={() => void leave(entry.format_public_id)}
            >
              {t('waitlist.leave')}
              <span className="sr-only">: {entry.format_title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
