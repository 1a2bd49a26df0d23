import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { passwordProblem } from '../rules';
import { PasswordField } from './password-field';
import '../../../locales/auth';

/**
 * accounts-sso §5 registration password rule for react-hook-form, in the spec's order. An empty
 * field is flagged without a message (the spec's «empty: no message»); the rest say which rule fails.
 */
export const newPasswordRule = (t: TFunction) => (value: string) => {
  const problem = passwordProblem(value);
  if (problem === null) return true;
  return problem === 'empty' ? '' : t(`auth.errors.${problem}`);
};

interface NewPasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  onFocus?: () => void;
}

/** A new password (registration, reset): the eye, the rules as a hint, the failing rule's message. */
export function NewPasswordField({ id, label, registration, error, onFocus }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <PasswordField
        id={id}
        autoComplete="new-password"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error?.message ? ` ${id}-error` : ''}`}
        {...registration}
        onFocus={onFocus}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t('auth.registration.passwordRules')}
      </p>
      {error?.message ? (
        <p id={`${id}-error`} className="field-error">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
