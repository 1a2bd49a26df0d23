import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { getLinks, type LinkedAccount, linksKey, unlinkNetwork } from '../api/links';
import { requestProofCode, type User, useSettingsCall } from '../api/user';
import { errorText, SectionMessage } from './section-message';
import '../../../locales/cabinet';

const networkNames: Record<string, string> = { vk: 'Вконтакте', google: 'Google', gid: 'Газпром ID' };

/**
 * «Вход через соцсети» (issue 20): the networks and GID accounts that sign into this account, each with
 * «Отвязать» — which asks again for the password or a code, as linking did — and the way to link one.
 */
export function LinksSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const links = useQuery({ queryKey: linksKey, queryFn: ({ signal }) => getLinks(signal) });
  // Said after the row is gone: a person sees which network no longer signs in.
  const [unlinked, setUnlinked] = useState<string | null>(null);
  return (
    <section className="settings-section" aria-labelledby="settings-social">
      <h2 id="settings-social">{t('cabinet.settings.social')}</h2>
      <p>{t('cabinet.settings.socialLead')}</p>
      {links.data?.values.length ? (
        <ul className="settings-links" aria-label={t('cabinet.settings.linked')}>
          {links.data.values.map((link) => (
            <LinkedRow key={link.provider} link={link} user={user} onUnlinked={setUnlinked} />
          ))}
        </ul>
      ) : links.data ? (
        <p className="field-hint">{t('cabinet.settings.noLinks')}</p>
      ) : null}
      {unlinked ? <SectionMessage message={{ text: t('cabinet.settings.unlinked', { name: unlinked }), error: false }} /> : null}
      <Link to="/add" className="button button--secondary button--small">
        {t('cabinet.settings.link')}
      </Link>
    </section>
  );
}

function LinkedRow({ link, user, onUnlinked }: { link: LinkedAccount; user: User; onUnlinked: (name: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const unlink = useSettingsCall(unlinkNetwork);
  const sendCode = useSettingsCall(requestProofCode);
  const [failure, setFailure] = useState<string | null>(null);
  const name = networkNames[link.provider] ?? link.provider;
  const hasPassword = user.has_password !== false;
  return (
    <li className="settings-link">
      <span>
        {name}
        {link.email ? ` · ${link.email}` : ''}
      </span>{' '}
      {open ? (
        <form
          className="form form--inline"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setFailure(null);
            unlink.mutate(code ? { provider: link.provider, proof_code: code } : { provider: link.provider, current_password: password }, {
              onSuccess: (answer) => {
                onUnlinked(name);
                queryClient.setQueryData(linksKey, { values: answer.values });
              },
              onError: (error) => setFailure(errorText(error)),
            });
          }}
        >
          {hasPassword ? (
            <div className="field">
              <label htmlFor={`${id}-password`}>{t('cabinet.settings.unlinkPassword', { name })}</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
          ) : (
            <div className="field">
              <button type="button" className="button button--secondary button--small" onClick={() => sendCode.mutate()}>
                {t('cabinet.settings.proofGetCode')}
              </button>
              {sendCode.data ? <p className="field-hint">{t('cabinet.settings.proofSent', { to: sendCode.data.to ?? '' })}</p> : null}
              <label htmlFor={`${id}-code`}>{t('cabinet.settings.proofCode')}</label>
              <input id={`${id}-code`} inputMode="numeric" maxLength={4} value={code} onChange={(event) => setCode(event.target.value)} />
            </div>
          )}
          <button type="submit" className="button button--small" disabled={unlink.isPending || (!password && !code)}>
            {t('cabinet.settings.unlinkConfirm', { name })}
          </button>{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setOpen(false);
              setFailure(null);
            }}
          >
            {t('cabinet.settings.unlinkCancel')}
          </button>
          {failure ? <SectionMessage message={{ text: failure, error: true }} /> : null}
        </form>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t('cabinet.settings.unlinkLabel', { name })}
          onClick={() => setOpen(true)}
        >
          {t('cabinet.settings.unlink')}
        </button>
      )}
    </li>
  );
}
