import { type ComponentPropsWithoutRef, forwardRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

interface PasswordFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'type'> {
  id: string;
}

/**
 * A password input with the eye of accounts-sso §2.3: the password shows only while the eye is
 * pressed (pointer held, or Space / Enter held on the keyboard) and hides when it is let go.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const show = () => setShown(true);
  const hide = () => setShown(false);
  return (
    <div className="password-field">
      <input ref={ref} type={shown ? 'text' : 'password'} autoComplete="current-password" {...props} />
      <button
        type="button"
        className="password-field__eye"
        aria-label={t('auth.login.showPassword')}
        aria-pressed={shown}
        aria-controls={props.id}
        onPointerDown={show}
        onPointerUp={hide}
        onPointerLeave={hide}
        onPointerCancel={hide}
        onKeyDown={(event) => {
          if (event.key === ' ' || event.key === 'Enter') {
            event.preventDefault();
            show();
          }
        }}
        onKeyUp={hide}
        onBlur={hide}
        onClick={(event) => event.preventDefault()}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
          <circle cx="12" cy="12" r="3" />
          {shown ? null : <path d="M3 3l18 18" />}
        </svg>
      </button>
    </div>
  );
});
