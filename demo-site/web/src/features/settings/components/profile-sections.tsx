import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MaskedInput } from '../../../components/ui/masked-input';
import { useTranslation } from '../../../lib/i18n';
import { dateMask } from '../../../lib/masks';
import { useButtonLock, useTimedMessage } from '../../../lib/use-timed-message';
import { type User, updateProfile, useSettingsCall } from '../api/user';
import { type ProfileForm, profileChanges, profileFormOf } from '../rules';
import { errorText, SectionMessage } from './section-message';
import '../../../locales/cabinet';

/** The advertising mailing checkbox (accounts-sso §2.9), saved as it is ticked. */
export function MailingSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const save = useSettingsCall(updateProfile);
  const { message, show } = useTimedMessage();
  return (
    <section className="settings-section">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={save.isPending ? Boolean(save.variables?.mailing) : Boolean(user.mailing)}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { mailing: event.target.checked },
              { onSuccess: () => show(t('cabinet.settings.saved')), onError: (error) => show(errorText(error), true) },
            )
          }
        />
        <span>{t('cabinet.settings.mailing')}</span>
      </label>
      <SectionMessage message={message} />
    </section>
  );
}

/** Name, patronymic, surname, birth date (accounts-sso §2.9, §5): only changed fields are sent. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const initial = profileFormOf(user);
  const form = useForm<ProfileForm>({ defaultValues: initial });
  const save = useSettingsCall(updateProfile);
  const { message, show } = useTimedMessage();
  const { locked, lock } = useButtonLock();
  const ids = { name: useId(), second: useId(), last: useId(), birth: useId() };
  const birthDate = form.watch('birth_date');
  const submit = form.handleSubmit((values) => {
    lock();
    const result = profileChanges(initial, values);
    if ('error' in result) {
      show(result.error === 'badDate' ? t('cabinet.settings.badDate') : t('cabinet.settings.notChanged'), result.error === 'badDate');
      return;
    }
    save.mutate(result.changes, {
      onSuccess: (answer) => {
        form.reset(profileFormOf(answer.user));
        show(t('cabinet.settings.saved'));
      },
      onError: (error) => show(errorText(error), true),
    });
  });
  return (
    <section className="settings-section" aria-labelledby="settings-profile">
      <h2 id="settings-profile">{t('cabinet.settings.profile')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.name}>{t('cabinet.settings.name')}</label>
          <input id={ids.name} autoComplete="given-name" {...form.register('name')} />
        </div>
        <div className="field">
          <label htmlFor={ids.second}>{t('cabinet.settings.secondName')}</label>
          <input id={ids.second} autoComplete="additional-name" {...form.register('second_name')} />
        </div>
        <div className="field">
          <label htmlFor={ids.last}>{t('cabinet.settings.lastName')}</label>
          <input id={ids.last} autoComplete="family-name" {...form.register('last_name')} />
        </div>
        <div className="field">
          <label htmlFor={ids.birth}>{t('cabinet.settings.birthDate')}</label>
          <MaskedInput
            id={ids.birth}
            mask={dateMask}
            inputMode="numeric"
            autoComplete="bday"
            value={birthDate}
            onValueChange={(value) => form.setValue('birth_date', value)}
          />
        </div>
        <button type="submit" className="button" disabled={locked || save.isPending}>
          {t('cabinet.settings.save')}
        </button>
        <SectionMessage message={message} />
      </form>
    </section>
  );
}

/** Gender (accounts-sso §2.9): none, male, female — saved when chosen. */
export function GenderSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const save = useSettingsCall(updateProfile);
  const { message, show } = useTimedMessage();
  const [value, setValue] = useState(user.gender ?? 'none');
  useEffect(() => setValue(user.gender ?? 'none'), [user.gender]);
  const options = [
    { value: 'none', label: t('cabinet.settings.genderNone') },
    { value: 'male', label: t('cabinet.settings.genderMale') },
    { value: 'female', label: t('cabinet.settings.genderFemale') },
  ] as const;
  return (
    <section className="settings-section">
      <fieldset className="choice-list">
        <legend>
          <h2>{t('cabinet.settings.gender')}</h2>
        </legend>
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name="gender"
              value={option.value}
              checked={value === option.value}
              disabled={save.isPending}
              onChange={() => {
                setValue(option.value);
                save.mutate(
                  { gender: option.value },
                  { onSuccess: () => show(t('cabinet.settings.saved')), onError: (error) => show(errorText(error), true) },
                );
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <SectionMessage message={message} />
    </section>
  );
}

/** Linking VK or Google (accounts-sso §2.2: /add sends the browser to the network and back to these settings). */
export function SocialSection() {
  const { t } = useTranslation();
  return (
    <section className="settings-section" aria-labelledby="settings-social">
      <h2 id="settings-social">{t('cabinet.settings.social')}</h2>
      <p>{t('cabinet.settings.socialLead')}</p>
      <Link to="/add" className="button button--secondary button--small">
        {t('cabinet.settings.link')}
      </Link>
    </section>
  );
}
