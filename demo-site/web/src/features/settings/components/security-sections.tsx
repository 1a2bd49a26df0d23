import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useButtonLock, useTimedMessage } from '../../../lib/use-timed-message';
import { changePassword, requestProofCode, type User, updateProfile, useSettingsCall } from '../api/user';
import {
  type ContactCountry,
  type ContactForm,
  contactCountries,
  contactCountryOf,
  contactErrors,
  contactPhoneDigits,
  passwordError,
} from '../rules';
import { errorText, SectionMessage } from './section-message';
import '../../../locales/cabinet';

/**
 * Password change (accounts-sso §5): the current and the new one; a new one under 4 characters or a
 * missing field is refused before sending; «Пароль успешно изменен!» and the form empties. An account
 * without a password sets its first one with a code sent to its contact.
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const needsOld = user.has_password !== false;
  const form = useForm({ defaultValues: { old_password: '', new_password: '', proof_code: '' } });
  const save = useSettingsCall(changePassword);
  const sendCode = useSettingsCall(requestProofCode);
  const { message, show } = useTimedMessage();
  const { locked, lock } = useButtonLock();
  const [error, setError] = useState<string | null>(null);
  const ids = { old: useId(), fresh: useId(), code: useId(), error: useId() };
  const submit = form.handleSubmit((values) => {
    lock();
    const problem = passwordError(values.old_password, values.new_password, needsOld);
    if (problem) {
      setError(
        problem === 'short'
          ? t('cabinet.settings.passwordShort')
          : needsOld
            ? t('cabinet.settings.passwordBoth')
            : t('cabinet.settings.passwordNew'),
      );
      return;
    }
    setError(null);
    save.mutate(
      needsOld
        ? { old_password: values.old_password, new_password: values.new_password }
        : { new_password: values.new_password, proof_code: values.proof_code },
      {
        onSuccess: () => show(t('cabinet.settings.passwordChanged')),
        onError: (failure) => show(errorText(failure), true),
        onSettled: () => form.reset(),
      },
    );
  });
  return (
    <section className="settings-section" aria-labelledby="settings-password">
      <h2 id="settings-password">{t('cabinet.settings.password')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        {needsOld ? (
          <div className="field">
            <label htmlFor={ids.old}>{t('cabinet.settings.oldPassword')}</label>
            <input id={ids.old} type="password" autoComplete="current-password" {...form.register('old_password')} />
          </div>
        ) : (
          <div className="field">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={sendCode.isPending}
              onClick={() => sendCode.mutate()}
            >
              {t('cabinet.settings.proofGetCode')}
            </button>
            {sendCode.data ? <p className="field-hint">{t('cabinet.settings.proofSent', { to: sendCode.data.to ?? '' })}</p> : null}
            <label htmlFor={ids.code}>{t('cabinet.settings.proofCode')}</label>
            <input id={ids.code} inputMode="numeric" autoComplete="one-time-code" maxLength={4} {...form.register('proof_code')} />
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.fresh}>{t('cabinet.settings.newPassword')}</label>
          <input
            id={ids.fresh}
            type="password"
            autoComplete="new-password"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            {...form.register('new_password')}
          />
          {error ? (
            <p id={ids.error} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={locked || save.isPending}>
          {t('cabinet.settings.passwordChange')}
        </button>
        <SectionMessage message={message} />
      </form>
    </section>
  );
}

const relations = ['Партнер', 'Родитель', 'Родственник', 'Друг', 'Коллега'] as const;

/** The stored contact phone without its country code, as the field shows it. */
function localPart(phone: string | null | undefined, country: ContactCountry): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  const code = contactCountries[country];
  return digits.startsWith(code) ? digits.slice(code.length) : digits;
}

/** The emergency contact (accounts-sso §5): name, relationship and phone (RU, TJ, BY), all required, sent together. */
export function ContactSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const country = contactCountryOf(user.contact_phone);
  const form = useForm<ContactForm>({
    defaultValues: {
      extra_contact: user.extra_contact ?? '',
      type_relate: user.type_relate ?? '',
      country,
      contact_phone: localPart(user.contact_phone, country),
    },
  });
  const save = useSettingsCall(updateProfile);
  const { message, show } = useTimedMessage();
  const { locked, lock } = useButtonLock();
  const [errors, setErrors] = useState<ReturnType<typeof contactErrors>>({});
  const ids = { name: useId(), relation: useId(), country: useId(), phone: useId() };
  const submit = form.handleSubmit((values) => {
    lock();
    const found = contactErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        extra_contact: values.extra_contact.trim(),
        type_relate: values.type_relate,
        contact_phone: contactPhoneDigits(values.country, values.contact_phone) ?? '',
      },
      { onSuccess: () => show(t('cabinet.settings.contactSaved')), onError: (failure) => show(errorText(failure), true) },
    );
  });
  const described = (field: keyof typeof errors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${ids.name}-${field}` } : {};
  const errorLine = (field: keyof typeof errors, text: string) =>
    errors[field] ? (
      <p id={`${ids.name}-${field}`} className="field-error">
        {text}
      </p>
    ) : null;
  return (
    <section className="settings-section" aria-labelledby="settings-contact">
      <h2 id="settings-contact">{t('cabinet.settings.contact')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>{t('cabinet.settings.contactName')}</label>
          <input id={ids.name} autoComplete="off" {...described('extra_contact')} {...form.register('extra_contact')} />
          {errorLine('extra_contact', t('cabinet.settings.contactNameError'))}
        </div>
        <div className="field">
          <label htmlFor={ids.relation}>{t('cabinet.settings.contactRelation')}</label>
          <select id={ids.relation} {...described('type_relate')} {...form.register('type_relate')}>
            <option value="">{t('cabinet.settings.contactRelationChoose')}</option>
            {relations.map((relation) => (
              <option key={relation} value={relation}>
                {t(`cabinet.settings.relations.${relation}`)}
              </option>
            ))}
          </select>
          {errorLine('type_relate', t('cabinet.settings.contactRelationError'))}
        </div>
        <div className="field">
          <label htmlFor={ids.country}>{t('cabinet.settings.contactCountry')}</label>
          <select id={ids.country} {...form.register('country')}>
            {(Object.keys(contactCountries) as ContactCountry[]).map((code) => (
              <option key={code} value={code}>
                {t(`cabinet.settings.countries.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.phone}>{t('cabinet.settings.contactPhone')}</label>
          <input id={ids.phone} type="tel" autoComplete="off" {...described('contact_phone')} {...form.register('contact_phone')} />
          {errorLine('contact_phone', t('cabinet.settings.contactPhoneError'))}
        </div>
        <button type="submit" className="button" disabled={locked || save.isPending}>
          {t('cabinet.settings.contactSave')}
        </button>
        <SectionMessage message={message} />
      </form>
    </section>
  );
}
