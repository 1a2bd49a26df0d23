import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { useTranslation } from '../../../lib/i18n';
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
  // Two fields, checked as react-hook-form's defaults would (on submit, then each on its change):
  // by hand, so /login does not load react-hook-form (13 KB gzip) before its first paint.
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const submitted = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const emailRule = (value: string) => {
    const problem = emailProblem(value);
    return problem ? t(`auth.errors.${problem}`) : true;
  };
  const problems = (checked: Values): Partial<Record<keyof Values, string>> => {
    const email = emailRule(checked.email);
    return {
      ...(email === true ? {} : { email }),
      ...(checked.password.length > 0 ? {} : { password: t('auth.errors.required') }),
    };
  };

  const change = (name: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (name === 'email') onEmailChange?.(event.target.value);
    if (submitted.current) setErrors((shown) => ({ ...shown, [name]: problems(next)[name] }));
  };

  const handleSubmit = (send: (checked: Values) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const found = problems(values);
    setErrors(found);
    if (found.email) emailInput.current?.focus();
    else if (found.password) passwordInput.current?.focus();
    else await send(values);
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
    const email = values.email;
    const rule = emailRule(email);
    if (rule !== true) {
      setErrors((shown) => ({ ...shown, email: rule }));
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

  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
      <Field id={`${id}-email`} label={t('auth.login.email')} error={errors.email}>
        <input
          ref={emailInput}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          {...fieldControlProps(`${id}-email`, errors.email)}
          value={values.email}
          onChange={change('email')}
          onFocus={() => setNeedsConfirmation(false)}
        />
      </Field>
      <Field id={`${id}-password`} label={t('auth.login.password')} error={errors.password}>
        <PasswordField
          ref={passwordInput}
          name="password"
          {...fieldControlProps(`${id}-password`, errors.password)}
          value={values.password}
          onChange={change('password')}
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
