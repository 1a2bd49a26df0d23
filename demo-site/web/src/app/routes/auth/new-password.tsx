import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { failureMessage } from '../../../features/auth/api/messages';
import { updatePassword } from '../../../features/auth/api/reset-calls';
import { Busy } from '../../../features/auth/components/busy';
import { NewPasswordField, newPasswordRule } from '../../../features/auth/components/new-password-field';
import { loginPopupState } from '../../../features/auth/login-popup';
import { dropResetSecure, readResetSecure } from '../../../features/auth/reset-secure';
import { useTranslation } from '../../../lib/i18n';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

/**
 * /newpass (accounts-sso §4.2): the new password under the registration rules, then «Пароль успешно
 * изменен!» as a popup on the login screen. Without a checked reset link it asks for a new one.
 */
export default function NewPasswordScreen() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [secure] = useState(readResetSecure);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!secure) return;
    setServerError(null);
    setSending(true);
    try {
      const answer = await updatePassword({ secure, password });
      dropResetSecure();
      // accounts-sso §2.3: «Пароль успешно изменен!» is one of the login screen's popups: shown there, over the form.
      void navigate('/login', { replace: true, state: loginPopupState({ kind: 'passwordChanged', message: answer.message ?? null }) });
    } catch (error) {
      setServerError(failureMessage(error));
    } finally {
      setSending(false);
    }
  });

  return (
    <div className="container page auth-page">
      <PageTitle>{t('auth.reset.newTitle')}</PageTitle>
      <div className="auth-card">
        {secure ? (
          <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
            <NewPasswordField
              id={`${id}-password`}
              label={t('auth.reset.newPassword')}
              registration={register('password', { validate: newPasswordRule(t) })}
              error={errors.password}
            />
            {serverError ? (
              <p className="notice notice--error" role="alert">
                {serverError}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={sending}>
              {t('auth.reset.save')}
              <Busy on={sending} />
            </button>
          </form>
        ) : (
          <>
            <p className="notice notice--error" role="alert">
              {t('auth.reset.expired')}
            </p>
            <p className="actions">
              <Link to="/login" className="button">
                {t('auth.social.toLogin')}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
