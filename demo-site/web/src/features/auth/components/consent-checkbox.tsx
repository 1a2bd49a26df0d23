import type { ComponentPropsWithRef } from 'react';
import { FieldError, fieldErrorId } from '../../../components/ui/field';
import { useTranslation } from '../../../lib/i18n';
import { documentLinks } from '../../../lib/links';
import '../../../locales/auth';

/**
 * The consent to the processing of personal data, with its document link, and its message while it
 * is refused: the e-mail registration's and the SMS registration's (accounts-sso §2).
 * `inputProps` binds the checkbox (a react-hook-form registration or a checked/onChange pair).
 */
export function ConsentCheckbox({
  id,
  error,
  inputProps,
}: {
  /** The id the error message is named after (`${id}-error`). */
  id: string;
  error: string | null | undefined;
  inputProps: Omit<ComponentPropsWithRef<'input'>, 'type'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(id) : undefined}
          {...inputProps}
        />
        <span>
          {t('auth.registration.consent')} (
          <a href={documentLinks.personalData} target="_blank" rel="noopener noreferrer">
            {t('auth.registration.consentDocument')}
            <span className="sr-only"> {t('common.opensInNewTab')}</span>
          </a>
          )
        </span>
      </label>
      <FieldError id={id} error={error ?? undefined} />
    </>
  );
}
