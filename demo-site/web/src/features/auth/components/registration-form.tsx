import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { useTranslation } from '../../../lib/i18n';
import { failureMessage } from '../api/messages';
import { registerByEmail } from '../api/sign-in-calls';
import { emailProblem } from '../rules';
import { Busy } from './busy';
import { ConsentCheckbox } from './consent-checkbox';
import { NewPasswordField, newPasswordRule } from './new-password-field';
import '../../../locales/auth';

interface Values {
  email: string;
  password: string;
  consent: boolean;
  mailing: boolean;
}

/**
 * «Регистрация героя» by e-mail (accounts-sso §2.4, §5): e-mail, password under the rules in their
 * order, the personal-data consent (required) and the mailing (optional). Sent only when all hold;
 * the server's refusal shows in the form, and what was typed stays.
 */
export function RegistrationForm({ onRegistered }: { onRegistered: (message: string | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { email: '', password: '', consent: false, mailing: false } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setSending(true);
    try {
      const answer = await registerByEmail({ email: values.email.trim(), password: values.password, mailing: values.mailing });
      onRegistered(answer.message ?? null);
    } catch (error) {
      setServerError(failureMessage(error));
    } finally {
      setSending(false);
    }
  });

  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
      <fieldset className="auth-fieldset">
        <legend>{t('auth.registration.legend')}</legend>
        <div className="form">
          <Field id={`${id}-email`} label={t('auth.registration.email')} error={errors.email?.message}>
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              {...fieldControlProps(`${id}-email`, errors.email?.message)}
              {...register('email', {
                validate: (value) => {
                  const problem = emailProblem(value);
                  return problem ? t(`auth.errors.${problem}`) : true;
                },
              })}
            />
          </Field>
          <NewPasswordField
            id={`${id}-password`}
            label={t('auth.registration.password')}
            registration={register('password', { validate: newPasswordRule(t) })}
            error={errors.password}
          />
          <div className="field">
            <ConsentCheckbox
              id={`${id}-consent`}
              error={errors.consent?.message}
              inputProps={register('consent', { validate: (value) => (value ? true : t('auth.errors.consent')) })}
            />
            <label className="checkbox">
              <input type="checkbox" {...register('mailing')} />
              <span>{t('auth.registration.mailing')}</span>
            </label>
          </div>
        </div>
      </fieldset>
      {serverError ? (
        <p className="notice notice--error" role="alert">
          {serverError}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={sending}>
        {t('auth.registration.submit')}
        <Busy on={sending} />
      </button>
    </form>
  );
}
