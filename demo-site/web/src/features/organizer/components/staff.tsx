import { type FormEvent, useId, useState } from 'react';
import { useGrantStaff, useRevokeStaff, useStaff } from '../api';
import { dateTime, useText } from '../texts';
import { errorMessage, FormError, QueryState } from './query-state';

/** Who checks tickets in at the event city, and how many scans each made; a manager grants and revokes by e-mail. */
export function Staff({ eventCity, canWrite }: { eventCity: string; canWrite: boolean }) {
  const { t, language } = useText();
  const id = useId();
  const staff = useStaff(eventCity);
  const grant = useGrantStaff();
  const revoke = useRevokeStaff();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await grant.mutateAsync({ event_city_public_id: eventCity, email });
      setEmail('');
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  return (
    <div className="org-stack">
      {canWrite ? (
        <form className="org-form org-form--inline" onSubmit={submit} aria-label={t('addStaff')}>
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('email')}</label>
            <input
              id={`${id}-email`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              autoComplete="off"
            />
          </div>
          <button type="submit" className="button" disabled={grant.isPending}>
            {t('addStaff')}
          </button>
          <p className="org-muted">{t('staffHint')}</p>
          <FormError error={error} />
        </form>
      ) : null}
      <QueryState query={staff}>
        {(data) =>
          data.values.length === 0 ? (
            <p className="org-muted">{t('noStaff')}</p>
          ) : (
            <div className="org-table-wrap">
              <table className="org-table">
                <thead>
                  <tr>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('grantedAt')}</th>
                    <th scope="col" className="org-num">
                      {t('scans')}
                    </th>
                    <th scope="col">{t('lastScan')}</th>
                    {canWrite ? <th scope="col" /> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.values.map((member) => (
                    <tr key={member.email}>
                      <th scope="row">
                        {member.email}
                        {member.name ? <div className="org-muted">{member.name}</div> : null}
                      </th>
                      <td>{dateTime(member.granted_at, language)}</td>
                      <td className="org-num">{member.scans}</td>
                      <td>{member.last_scan_at ? dateTime(member.last_scan_at, language) : '—'}</td>
                      {canWrite ? (
                        <td>
                          <div className="org-actions">
                            <button
                              type="button"
                              className="button button--small button--secondary"
                              aria-label={`${t('revoke')}: ${member.email}`}
                              onClick={() =>
                                member.email && void revoke.mutateAsync({ event_city_public_id: eventCity, email: member.email })
                              }
                            >
                              {t('revoke')}
                            </button>
                          </div>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </div>
  );
}
