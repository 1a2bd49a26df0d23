import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { failureMessage } from '../../../features/auth/api/messages';
import { useProviders } from '../../../features/auth/api/providers';
import { Busy } from '../../../features/auth/components/busy';
import { SocialButtons } from '../../../features/auth/components/social-buttons';
import { isUnproven, keepLinkProof, requestLinkProof } from '../../../features/settings/api/links';
import { requestProofCode, useUser } from '../../../features/settings/api/user';
import { useTranslation } from '../../../lib/i18n';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

/**
 * /add: link a social network to the signed-in account (accounts-sso §4.1, §4.3: the add variant).
 * A session alone links nothing (issue 20): the owner first gives their password, or a code sent to
 * their confirmed contact; the server answers a single-use proof, kept in this tab for the return page
 * `/user/add/auth/{network}`. Then the buttons send the browser to the network. An account whose
 * address nobody has proven yet (the guest checkout's) is told to confirm it first.
 */
export default function AddNetworkScreen() {
  const { t } = useTranslation();
  const id = useId();
  const providers = useProviders();
  const user = useUser().data?.user;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [proven, setProven] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasPassword = user?.has_password !== false;

  const prove = (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    requestLinkProof(code ? { proof_code: code } : { current_password: password })
      .then(
        ({ proof }) => {
          keepLinkProof(proof);
          setProven(true);
        },
        (failure) => setError(failureMessage(failure)),
      )
      .finally(() => setSending(false));
  };
  const sendCode = () => {
    setError(null);
    requestProofCode().then(
      (answer) => setCodeSentTo(answer.to ?? ''),
      (failure) => setError(failureMessage(failure)),
    );
  };

  return (
    <div className="container page auth-page">
      <PageTitle lead={t('auth.add.lead')}>{t('auth.add.title')}</PageTitle>
      <div className="auth-card">
        {user && isUnproven(user) ? (
          <p className="notice notice--error" role="alert">
            {t('auth.add.unproven')}
          </p>
        ) : proven ? (
          <>
            <p className="notice" role="status">
              {t('auth.add.proven')}
            </p>
            <SocialButtons providers={providers.data} purpose="link" returnTo="/me/setting" />
          </>
        ) : (
          <form className="form auth-form" noValidate onSubmit={prove} aria-busy={sending}>
            <p>{t('auth.add.proofLead')}</p>
            {hasPassword ? (
              <div className="field">
                <label htmlFor={`${id}-password`}>{t('auth.add.password')}</label>
                <input
                  id={`${id}-password`}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </div>
            ) : null}
            <div className="field">
              <button type="button" className="button button--secondary button--small" onClick={sendCode}>
                {t('auth.add.getCode')}
              </button>
              {codeSentTo !== null ? <p className="field-hint">{t('auth.add.codeSent', { to: codeSentTo })}</p> : null}
              {codeSentTo !== null || !hasPassword ? (
                <>
                  <label htmlFor={`${id}-code`}>{t('auth.add.code')}</label>
                  <input
                    id={`${id}-code`}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={4}
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                  />
                </>
              ) : null}
            </div>
            {error ? (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={sending || (!password && !code)}>
              {t('auth.add.proceed')}
              <Busy on={sending} />
            </button>
          </form>
        )}
        <p>
          <Link to="/me/setting">{t('auth.social.toProfile')}</Link>
        </p>
      </div>
    </div>
  );
}
