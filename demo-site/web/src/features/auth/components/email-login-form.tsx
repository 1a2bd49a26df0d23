import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { failureMessage, statusOf } from '../api/messages';
import type { SignedIn } from '../api/schemas';
import { loginByEmail, resendConfirmation } from '../api/sign-in-calls';
import { emailProblem } from '../rules';
import { Busy } from './busy';
import { CheckMailDialog } from './check-mail-dialog';
import { PasswordField } from './password-field';
import '../../../locales/auth';

interface Values {
  email: string;
  password: string;
}

interface EmailLoginFormProps {
  onSignedIn: (signedIn: SignedIn) => Promise<void>;
  /** The e-mail typed so far, shared with the password-reset popup. */
  onEmailChange?: (email: string) => void;
}

/**
 * E-mail and password sign-in (accounts-sso §2.3, §4.2): both fields checked before sending, the
 * button disabled while sending, the server's refusal shown in the form. An unconfirmed address
 * (418) swaps «Войти» for «Подтвердить почту», which sends the letter again; focusing the e-mail
 * field brings «Войти» back. What was typed stays on every error.
 */
export function EmailLoginForm({ onSignedIn, onEmailChange }: EmailLoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // isSendMailPopup (accounts-sso §4.2): the address the confirmation letter went to, while the popup shows.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [needsConfirmation, setNeedsConfirmation] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { email: '', password: '' } });

  const emailRule = (value: string) => {
    const problem = emailProblem(value);
    return problem ? t(`auth.errors.${problem}`) : true;
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setSending(true);
    try {
      const signedIn = await loginByEmail({ email: values.email.trim(), password: values.password });
      await onSignedIn(signedIn);
    } catch (error) {
      if (statusOf(error) === 418) setNeedsConfirmation(true);
      setServerError(failureMessage(error));
    } finally {
      setSending(false);
    }
  });

  const confirm = async () => {
    const email = getValues('email');
    const rule = emailRule(email);
    if (rule !== true) {
      setError('email', { message: rule }, { shouldFocus: false });
      return;
    }
    setServerError(null);
    setSending(true);
    try {
      await resendConfirmation({ email: email.trim() });
      setSentTo(email.trim());
    } catch (error) {
      setServerError(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  const emailField = register('email', {
    validate: emailRule,
    onChange: (event) => onEmailChange?.(event.target.value),
  });

  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
      <Field id={`${id}-email`} label={t('auth.login.email')} error={errors.email?.message}>
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          {...fieldControlProps(`${id}-email`, errors.email?.message)}
          {...emailField}
          onFocus={() => setNeedsConfirmation(false)}
        />
      </Field>
      <Field id={`${id}-password`} label={t('auth.login.password')} error={errors.password?.message}>
        <PasswordField
          {...fieldControlProps(`${id}-password`, errors.password?.message)}
          {...register('password', { validate: (value) => (value.length > 0 ? true : t('auth.errors.required')) })}
        />
      </Field>
      {serverError ? (
        <p className="notice notice--error" role="alert">
          {serverError}
        </p>
      ) : null}
      {needsConfirmation ? (
        <button type="button" className="button" disabled={sending} onClick={() => void confirm()}>
          {t('auth.login.confirmEmail')}
          <Busy on={sending} />
        </button>
      ) : (
        <button type="submit" className="button" disabled={sending}>
          {t('auth.login.submit')}
          <Busy on={sending} />
        </button>
      )}
      <CheckMailDialog
        open={sentTo !== null}
        text={t('auth.login.checkMailText', { email: sentTo ?? '' })}
        onClose={() => setSentTo(null)}
      />
    </form>
  );
}
