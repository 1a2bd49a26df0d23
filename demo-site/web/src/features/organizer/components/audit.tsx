import { useAudit } from '../api';
import { dateTime, useText } from '../texts';
import { Diff } from './orders';
import { QueryState } from './query-state';

/** The audit log: every organiser change, newest first — who, when, what, before and after. */
export function AuditLog({ eventCity }: { eventCity?: string }) {
  const { t, language } = useText();
  const audit = useAudit(eventCity);
  return (
    <QueryState query={audit}>
      {(data) => (
        <div className="org-table-wrap">
          <table className="org-table">
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('who')}</th>
                <th scope="col">{t('what')}</th>
                <th scope="col">
                  {t('before')} → {t('after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.values.map((entry) => (
                <tr key={entry.id}>
                  <td>{dateTime(entry.created_at, language)}</td>
                  <td>{entry.who ?? '—'}</td>
                  <td>
                    <strong>{entry.action}</strong>
                    {entry.target_public_id ? <div className="org-muted">{entry.target_public_id}</div> : null}
                  </td>
                  <td>
                    <Diff before={entry.before} after={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}
