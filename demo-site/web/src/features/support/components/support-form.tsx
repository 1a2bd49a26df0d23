import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { MaskedInput } from '../../../components/ui/masked-input';
import { isApiError } from '../../../lib/api-client';
import { emailPattern, isValidPhone, phoneDigits } from '../../../lib/contact';
import { useTranslation } from '../../../lib/i18n';
import { phoneMask } from '../../../lib/masks';
import { useSendSupportRequest } from '../api/send-support-request';

/**
 * The support form of accounts-sso §2.14 and §5: name, e-mail, phone (masked by its country's
 * prefix as it is typed, checked by libphonenumber-js), wishes, the required
 * personal-data consent (it enables the button) and the optional mailing. Messages are translation
 * keys, shown in the current language ('Заполните имя', 'Введите корректный email', 'Введите
 * корректный телефон' in Russian).
 */
export const supportFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'support.errors.name')),
  email: z.string().check(z.trim(), z.regex(emailPattern, 'support.errors.email')),
  phone: z.string().check(z.refine(isValidPhone, 'support.errors.phone')),
  text: z.string(),
  consent: z.boolean().check(z.refine((value) => value, 'support.errors.consent')),
  mailing: z.boolean(),
});
export type SupportFormValues = z.infer<typeof supportFormSchema>;

type ErrorKey = 'support.errors.name' | 'support.errors.email' | 'support.errors.phone' | 'support.errors.consent';

interface SupportFormProps {
  /** support_type of the request: 'clubs' for the clubs popup (accounts-sso §3). */
  supportType: string;
  onSent: (message: string | undefined) => void;
  submitLabel?: string;
}

export function SupportForm({ supportType, onSent, submitLabel }: SupportFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendSupportRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<SupportFormValues>({
    resolver: zodResolver(supportFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', phone: '', text: '', consent: false, mailing: false },
  });
  const consent = watch('consent');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const response = await send.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim().toLowerCase(),
        phone: phoneDigits(values.phone),
        text: values.text.trim(),
        support_type: supportType,
        mailing: values.mailing,
      });
      onSent(response.message);
    } catch (error) {
      // accounts-sso §8: support failures are only logged; the form still says it did not go through.
      console.error('support request failed', error);
      setFailure(isApiError(error) && error.status === 400 ? error.message : t('support.failed'));
    }
  });

  const fieldError = (name: 'name' | 'email' | 'phone') => {
    const message = errors[name]?.message as ErrorKey | undefined;
    return message ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {t(message)}
      </p>
    ) : null;
  };
  const described = (name: 'name' | 'email' | 'phone') => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('support.name')}</label>
        <input
          id={`${id}-name`}
          autoComplete="name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name')}
          {...register('name')}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('support.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described('email')}
          {...register('email')}
        />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{t('support.phone')}</label>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <MaskedInput
              id={`${id}-phone`}
              mask={phoneMask}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+7 (999) 123-45-67"
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={described('phone')}
            />
          )}
        />
        {fieldError('phone')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('support.text')}</label>
        <textarea id={`${id}-text`} rows={4} {...register('text')} />
      </div>
      <label className="checkbox">
        <input type="checkbox" {...register('consent')} />
        <span>{t('support.consent')}</span>
      </label>
      <label className="checkbox">
        <input type="checkbox" {...register('mailing')} />
        <span>{t('support.mailing')}</span>
      </label>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!consent || send.isPending}>
        {submitLabel ?? t('support.submit')}
      </button>
    </form>
  );
}
