import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { FormMaskedInput } from '../../../components/ui/form-masked-input';
import { useTranslation } from '../../../lib/i18n';
import { dateMask, phoneMask } from '../../../lib/masks';
import { GenderFieldset } from '../../participant/components/gender-fieldset';
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

  const fieldId = (name: keyof InsuranceValues) => `${id}-${name}`;
  const errorOf = (name: keyof InsuranceValues) => errors[name]?.message;
  const a11y = (name: keyof InsuranceValues) => fieldControlProps(fieldId(name), errorOf(name));

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
        <Field id={fieldId('last_name')} label={t('basket.insuranceForm.lastName')} error={errorOf('last_name')}>
          <input autoComplete="family-name" {...a11y('last_name')} {...register('last_name')} />
        </Field>
        <Field id={fieldId('first_name')} label={t('basket.insuranceForm.firstName')} error={errorOf('first_name')}>
          <input autoComplete="given-name" {...a11y('first_name')} {...register('first_name')} />
        </Field>
        <Field id={fieldId('second_name')} label={t('basket.insuranceForm.secondName')} error={errorOf('second_name')}>
          <input autoComplete="additional-name" {...a11y('second_name')} {...register('second_name')} />
        </Field>
        <Field id={fieldId('birth_date')} label={t('basket.insuranceForm.birthDate')} error={errorOf('birth_date')}>
          <FormMaskedInput
            control={control}
            name="birth_date"
            mask={dateMask}
            inputMode="numeric"
            placeholder={t('basket.insuranceForm.dateHint')}
            {...a11y('birth_date')}
          />
        </Field>
        <Field id={fieldId('phone')} label={t('basket.insuranceForm.phone')} error={errorOf('phone')}>
          <FormMaskedInput
            control={control}
            name="phone"
            mask={phoneMask}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+7 (999) 123-45-67"
            {...a11y('phone')}
          />
        </Field>
        <GenderFieldset
          id={fieldId('gender')}
          legend={t('basket.insuranceForm.gender')}
          maleLabel={t('basket.insuranceForm.male')}
          femaleLabel={t('basket.insuranceForm.female')}
          error={errorOf('gender')}
          registration={register('gender')}
        />
        {picksStart ? (
          <Field id={fieldId('start_date')} label={t('basket.insuranceForm.startDate')} error={errorOf('start_date')}>
            <FormMaskedInput
              control={control}
              name="start_date"
              mask={dateMask}
              inputMode="numeric"
              placeholder={t('basket.insuranceForm.dateHint')}
              {...a11y('start_date')}
            />
          </Field>
        ) : null}
      </form>
    </section>
  );
}
