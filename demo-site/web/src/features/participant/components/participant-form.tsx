import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import './participant-form.css';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { FormMaskedInput } from '../../../components/ui/form-masked-input';
import { isApiError } from '../../../lib/api-client';
import { dateMask, phoneMask } from '../../../lib/masks';
import {
  PARTICIPANT_FILE_EXTENSIONS,
  PARTICIPANT_FILE_TYPES,
  participantFileProblem,
  uploadParticipantFile,
} from '../api/upload-participant-file';
import {
  buildParticipantSchema,
  emptyParticipant,
  type ParticipantInfo,
  type ParticipantRules,
  type ParticipantValues,
  sizesToChoose,
  type Translate,
  toParticipantInfo,
} from '../participant-schema';
import { GenderFieldset } from './gender-fieldset';
import { RegisterField } from './register-field';
import '../../../locales/basket';

const knownFields = new Set([
  'last_name',
  'first_name',
  'second_name',
  'phone',
  'gender',
  'birth_date',
  'region',
  'item_size',
  'select_field',
  'cluster',
  'cluster_document',
  'license',
]);

export interface ParticipantFormProps {
  rules: ParticipantRules;
  /** Values to start from (a basket tab's saved data, a ticket's info); read when the form mounts. */
  defaultValues?: Partial<ParticipantValues> | undefined;
  /** Called with the server's shape of the data once every rule passes. Shows the submit button. */
  onSubmit?: ((info: ParticipantInfo, values: ParticipantValues) => void | Promise<void>) | undefined;
  /** Every change: the values as typed and whether they pass (the basket's tab state). */
  onChange?: ((values: ParticipantValues, valid: boolean) => void) | undefined;
  submitLabel?: string | undefined;
  /** Bump to show every field's message at once (the basket's pay button on an errored tab). */
  validateSignal?: number | undefined;
  /** A failure the server reported for one field (`ParticipantFormError`: field and message). */
  serverError?: { field: string; message: string } | null | undefined;
  disabled?: boolean | undefined;
  /** Content shown above the submit button (a consent, a note). */
  children?: ReactNode;
}

type FileField = 'license' | 'cluster_document';

/**
 * THE participant form (ticketing-shop §5): names, phone, gender, birth date (DD.MM.YYYY, the age
 * limits against the event's start), and what the format asks for — region, shirt size, a select,
 * a cluster with its document, a licence, additional fields (a school or institution picked from the
 * state register where the format says so). Files go to POST /api/user/file as
 * soon as they are chosen; the form keeps their ids. It knows nothing of the basket: values in,
 * validated values out.
 */
export function ParticipantForm({
  rules,
  defaultValues,
  onSubmit,
  onChange,
  submitLabel,
  validateSignal,
  serverError,
  disabled,
  children,
}: ParticipantFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const translate: Translate = (key, params) => (params ? t(key, params) : t(key));
  const translateRef = useRef(translate);
  translateRef.current = translate;
  const schema = useMemo(() => buildParticipantSchema(rules, (key, params) => translateRef.current(key, params)), [rules]);
  const sizes = sizesToChoose(rules);
  const {
    register,
    control,
    handleSubmit,
    watch,
    trigger,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ParticipantValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { ...emptyParticipant(rules), ...defaultValues },
  });
  const [uploading, setUploading] = useState<FileField | null>(null);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const subscription = watch((values) => {
      const current = values as ParticipantValues;
      onChangeRef.current?.(current, schema.safeParse(current).success);
    });
    return () => subscription.unsubscribe();
  }, [watch, schema]);

  useEffect(() => {
    if (validateSignal) void trigger();
  }, [validateSignal, trigger]);

  useEffect(() => {
    if (!serverError) return;
    const field = (
      knownFields.has(serverError.field) ? serverError.field : `additional.${serverError.field}`
    ) as FieldPath<ParticipantValues>;
    setError(field, { type: 'server', message: serverError.message }, { shouldFocus: true });
  }, [serverError, setError]);

  const cluster = rules.clusters.find((candidate) => candidate.name === watch('cluster'));

  const submit = handleSubmit(async (values) => {
    await onSubmit?.(toParticipantInfo(values, rules), values);
  });

  const errorOf = (name: string): string | undefined => {
    if (name.startsWith('additional.')) return errors.additional?.[name.slice('additional.'.length)]?.message;
    return (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  };
  const fieldId = (name: string) => `${id}-${name.replace('.', '-')}`;
  const a11y = (name: string, hint?: string) => fieldControlProps(fieldId(name), errorOf(name), ...(hint ? [hint] : []));

  const chooseFile = async (field: FileField, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const problem = participantFileProblem(file);
    if (problem) {
      setError(field, {
        type: 'file',
        message: t(problem === 'size' ? 'basket.participant.errors.fileSize' : 'basket.participant.errors.fileType'),
      });
      return;
    }
    clearErrors(field);
    setUploading(field);
    try {
      const uploaded = await uploadParticipantFile(file);
      setValue(`${field}_name`, uploaded.name ?? file.name);
      setValue(field, uploaded.public_id, { shouldValidate: true, shouldDirty: true });
    } catch (error) {
      const signIn = isApiError(error) && (error.status === 401 || error.status === 403);
      const message =
        isApiError(error) && error.status === 400 && error.code === 'http'
          ? error.message
          : t(signIn ? 'basket.participant.errors.signIn' : 'basket.participant.errors.upload');
      setError(field, { type: 'upload', message });
    } finally {
      setUploading(null);
    }
  };

  const fileField = (field: FileField, label: string) => {
    const name = watch(`${field}_name`);
    const hasFile = watch(field) !== '';
    return (
      <Field id={fieldId(field)} label={label} error={errorOf(field)}>
        <input
          type="file"
          accept={[...PARTICIPANT_FILE_EXTENSIONS.map((extension) => `.${extension}`), ...PARTICIPANT_FILE_TYPES].join(',')}
          disabled={disabled || uploading !== null}
          onChange={(event) => void chooseFile(field, event)}
          {...a11y(field, `${fieldId(field)}-hint`)}
        />
        <p id={`${fieldId(field)}-hint`} className="field-hint">
          {uploading === field
            ? t('basket.participant.uploading')
            : hasFile
              ? name
                ? t('basket.participant.uploaded', { name })
                : t('basket.participant.uploadedNoName')
              : t('basket.participant.fileHint')}
        </p>
      </Field>
    );
  };

  const textField = (name: 'last_name' | 'first_name' | 'second_name', label: string, autoComplete: string) => (
    <Field id={fieldId(name)} label={label} error={errorOf(name)}>
      <input autoComplete={autoComplete} disabled={disabled} {...a11y(name)} {...register(name)} />
    </Field>
  );

  return (
    <form className="form participant-form" onSubmit={submit} noValidate aria-busy={isSubmitting || uploading !== null}>
      {textField('last_name', t('basket.participant.lastName'), 'family-name')}
      {textField('first_name', t('basket.participant.firstName'), 'given-name')}
      {textField('second_name', t('basket.participant.secondName'), 'additional-name')}

      <Field id={fieldId('phone')} label={t('basket.participant.phone')} error={errorOf('phone')}>
        <FormMaskedInput
          control={control}
          name="phone"
          mask={phoneMask}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+7 (999) 123-45-67"
          disabled={disabled}
          {...a11y('phone')}
        />
      </Field>

      <GenderFieldset
        id={fieldId('gender')}
        legend={t('basket.participant.gender')}
        maleLabel={t('basket.participant.male')}
        femaleLabel={t('basket.participant.female')}
        error={errorOf('gender')}
        registration={register('gender')}
        disabled={disabled}
      />

      <Field id={fieldId('birth_date')} label={t('basket.participant.birthDate')} error={errorOf('birth_date')}>
        <FormMaskedInput
          control={control}
          name="birth_date"
          mask={dateMask}
          inputMode="numeric"
          autoComplete="bday"
          placeholder={t('basket.participant.birthDateHint')}
          disabled={disabled}
          {...a11y('birth_date')}
        />
      </Field>

      {rules.regions.length > 0 ? (
        <Field id={fieldId('region')} label={t('basket.participant.region')} error={errorOf('region')}>
          <select disabled={disabled} {...a11y('region')} {...register('region')}>
            <option value="">{t('basket.participant.chooseRegion')}</option>
            {rules.regions.map((region) => (
              <option key={region.id} value={String(region.id)}>
                {region.name_ru}
              </option>
            ))}
          </select>
        </Field>
      ) : null}

      {sizes.length > 0 ? (
        <Field id={fieldId('item_size')} label={t('basket.participant.size')} error={errorOf('item_size')}>
          <select disabled={disabled} {...a11y('item_size')} {...register('item_size')}>
            <option value="">{t('basket.participant.chooseSize')}</option>
            {sizes.map((size) => (
              // ticketing-shop §5: a size with nothing left cannot be chosen.
              <option key={size.name} value={size.name} disabled={size.count <= 0}>
                {size.count <= 0 ? t('basket.participant.sizeOut', { size: size.name }) : size.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}

      {rules.select ? (
        <Field id={fieldId('select_field')} label={rules.select.title} error={errorOf('select_field')}>
          <select disabled={disabled} {...a11y('select_field')} {...register('select_field')}>
            <option value="">{t('basket.participant.chooseOption')}</option>
            {rules.select.values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </Field>
      ) : null}

      {rules.clusters.length > 0 ? (
        <Field id={fieldId('cluster')} label={t('basket.participant.cluster')} error={errorOf('cluster')}>
          <select disabled={disabled} {...a11y('cluster')} {...register('cluster')}>
            <option value="">{t('basket.participant.chooseCluster')}</option>
            {rules.clusters.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {cluster?.document ? fileField('cluster_document', t('basket.participant.clusterDocument')) : null}
      {rules.licenseFile ? fileField('license', t('basket.participant.license')) : null}

      {rules.additionalFields.map((field) =>
        field.register ? (
          <Controller
            key={field.name}
            control={control}
            name={`additional.${field.name}`}
            render={({ field: control }) => (
              <RegisterField
                id={fieldId(`additional.${field.name}`)}
                label={field.label}
                value={control.value ?? ''}
                error={errorOf(`additional.${field.name}`)}
                disabled={disabled}
                onBlur={control.onBlur}
                onChange={(text, chosen) => {
                  // Whether the text is a register organisation, before the value's own validation reads it.
                  const pending = (getValues('register_pending') ?? []).filter((name) => name !== field.name);
                  setValue('register_pending', chosen || text.trim() === '' ? pending : [...pending, field.name]);
                  control.onChange(text);
                }}
              />
            )}
          />
        ) : (
          <Field key={field.name} id={fieldId(`additional.${field.name}`)} label={field.label} error={errorOf(`additional.${field.name}`)}>
            <input disabled={disabled} {...a11y(`additional.${field.name}`)} {...register(`additional.${field.name}`)} />
          </Field>
        ),
      )}

      {children}
      {onSubmit ? (
        <button type="submit" className="button" disabled={disabled || isSubmitting || uploading !== null}>
          {submitLabel ?? t('basket.participant.save')}
        </button>
      ) : null}
    </form>
  );
}
