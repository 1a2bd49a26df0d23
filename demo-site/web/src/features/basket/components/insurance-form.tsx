import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MaskedInput } from '../../../components/ui/masked-input';
import { dateMask, phoneMask } from '../../../lib/masks';
import { type BasketItem, basketKey, type InsuranceLine } from '../basket-items';
import { updateLine } from '../basket-model';
import { basketActions } from '../basket-store';
import {
  buildInsuranceSchema,
  ddmmyyyy,
  defaultStart,
  emptyInsurance,
  type InsuranceTranslate,
  type InsuranceValues,
  insuranceInfo,
  insurancePreReg,
} from '../insurance-schema';
import '../../../locales/basket';

/**
 * «Регистрация страховки» (ticketing-shop §2, §5): the insured person of an insurance line bought alone.
 * Each change is kept on the line with its state (preReg 'ok', '' or false on an age or start-date
 * violation); the pay button waits for 'ok'.
 */
export function InsuranceForm({ line, validateSignal }: { line: InsuranceLine; validateSignal: number }) {
  const { t } = useTranslation();
  const id = useId();
  const translate: InsuranceTranslate = (key, params) => (params ? t(key, params) : t(key));
  const translateRef = useRef(translate);
  translateRef.current = translate;
  const terms = useMemo(
    () => ({ activation_delay: line.activation_delay, format_start_time: line.format_start_time, isStartDate: line.isStartDate }),
    [line.activation_delay, line.format_start_time, line.isStartDate],
  );
  const schema = useMemo(() => buildInsuranceSchema(terms, (key, params) => translateRef.current(key, params)), [terms]);
  const picksStart = line.isStartDate === 'false';
  const {
    register,
    control,
    watch,
    trigger,
    formState: { errors },
  } = useForm<InsuranceValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      ...emptyInsurance,
      ...(picksStart ? { start_date: ddmmyyyy(defaultStart(terms, Date.now())) } : {}),
      ...((line.info as Partial<InsuranceValues> | null | undefined) ?? {}),
    },
  });
  const key = basketKey(line);

  useEffect(() => {
    const subscription = watch((values) => {
      const current = values as InsuranceValues;
      const preReg = insurancePreReg(terms, current, (k, p) => translateRef.current(k, p));
      const patch: Partial<BasketItem> = {
        info: current as unknown as Record<string, unknown>,
        preReg,
        isErrorTab: preReg !== 'ok',
        start_date: preReg === 'ok' ? insuranceInfo(terms, current).start_date : null,
      } as Partial<InsuranceLine>;
      basketActions.apply((goods) => updateLine(goods, key, patch));
    });
    return () => subscription.unsubscribe();
  }, [watch, terms, key]);

  useEffect(() => {
    if (validateSignal) void trigger();
  }, [validateSignal, trigger]);

  const message = (name: keyof InsuranceValues) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]?.message}
      </p>
    ) : null;
  const a11y = (name: keyof InsuranceValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <section className="participants" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="participants__title">
        {t('basket.insuranceForm.title')}
      </h4>
      {line.legals ? (
        <a href={line.legals} target="_blank" rel="noreferrer">
          {t('basket.insuranceForm.terms')}
        </a>
      ) : null}
      <form className="form" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-last_name`}>{t('basket.insuranceForm.lastName')}</label>
          <input autoComplete="family-name" {...a11y('last_name')} {...register('last_name')} />
          {message('last_name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-first_name`}>{t('basket.insuranceForm.firstName')}</label>
          <input autoComplete="given-name" {...a11y('first_name')} {...register('first_name')} />
          {message('first_name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-second_name`}>{t('basket.insuranceForm.secondName')}</label>
          <input autoComplete="additional-name" {...a11y('second_name')} {...register('second_name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-birth_date`}>{t('basket.insuranceForm.birthDate')}</label>
          <Controller
            control={control}
            name="birth_date"
            render={({ field }) => (
              <MaskedInput
                mask={dateMask}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputMode="numeric"
                placeholder={t('basket.insuranceForm.dateHint')}
                {...a11y('birth_date')}
              />
            )}
          />
          {message('birth_date')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t('basket.insuranceForm.phone')}</label>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <MaskedInput
                mask={phoneMask}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+7 (999) 123-45-67"
                {...a11y('phone')}
              />
            )}
          />
          {message('phone')}
        </div>
        <fieldset className="field participant-form__gender" aria-describedby={errors.gender ? `${id}-gender-error` : undefined}>
          <legend>{t('basket.insuranceForm.gender')}</legend>
          <label className="checkbox">
            <input type="radio" value="male" {...register('gender')} />
            {t('basket.insuranceForm.male')}
          </label>
          <label className="checkbox">
            <input type="radio" value="female" {...register('gender')} />
            {t('basket.insuranceForm.female')}
          </label>
          {message('gender')}
        </fieldset>
        {picksStart ? (
          <div className="field">
            <label htmlFor={`${id}-start_date`}>{t('basket.insuranceForm.startDate')}</label>
            <Controller
              control={control}
              name="start_date"
              render={({ field }) => (
                <MaskedInput
                  mask={dateMask}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputMode="numeric"
                  placeholder={t('basket.insuranceForm.dateHint')}
                  {...a11y('start_date')}
                />
              )}
            />
            {message('start_date')}
          </div>
        ) : null}
      </form>
    </section>
  );
}
