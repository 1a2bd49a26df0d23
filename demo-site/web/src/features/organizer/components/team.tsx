import { type FormEvent, useId, useState } from 'react';
import { type Role, useAddMember, useMembers, useRemoveMember } from '../api';
import { dateTime, useText } from '../texts';
import { errorMessage, FormError, QueryState } from './query-state';

/** The owner's page: the organisation's members and their roles. */
export function Team({ organisation, name }: { organisation: string; name: string }) {
  const { t, language } = useText();
  const id = useId();
  const members = useMembers(organisation);
  const add = useAddMember(organisation);
  const remove = useRemoveMember(organisation);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await add.mutateAsync({ email, role });
      setEmail('');
    } catch (failure) {
      setError(errorMessage(failure, t('loadError')));
    }
  };
  const roleName = (value: Role) => t(`role_${value}`);
  return (
    <section className="org-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t('members')}: {name}
      </h3>
      <form className="org-form org-form--inline" onSubmit={submit} aria-label={`${t('addMember')}: ${name}`}>
        <div className="field org-grow">
          <label htmlFor={`${id}-email`}>{t('email')}</label>
          <input id={`${id}-email`} type="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>{t('role')}</label>
          <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {(['owner', 'manager', 'viewer'] as const).map((value) => (
              <option key={value} value={value}>
                {roleName(value)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={add.isPending}>
          {t('addMember')}
        </button>
        <FormError error={error} />
      </form>
      <QueryState query={members}>
        {(data) => (
          <table className="org-table">
            <tbody>
              {data.values.map((member) => (
                <tr key={member.email ?? member.phone}>
                  <th scope="row">
                    {member.email}
                    {member.name ? <div className="org-muted">{member.name}</div> : null}
                  </th>
                  <td>{roleName(member.role)}</td>
                  <td>
                    {t('since')} {dateTime(member.since, language)}
                  </td>
                  <td>
                    <div className="org-actions">
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-label={`${t('remove')}: ${member.email}`}
                        onClick={() =>
                          member.email &&
                          remove.mutateAsync(member.email).catch((failure) => setError(errorMessage(failure, t('loadError'))))
                        }
                      >
                        {t('remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}
