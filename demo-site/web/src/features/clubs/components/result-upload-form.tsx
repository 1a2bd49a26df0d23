import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { MaskedInput } from '../../../components/ui/masked-input';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { distanceMask, parseMaskedTime, timeMask } from '../../../lib/masks';
import type { CompetitionType } from '../api/get-competition-types';
import {
  imageProblem,
  RESULT_COMMENT_MAX,
  RESULT_IMAGE_EXTENSIONS,
  RESULT_IMAGE_MAX_COUNT,
  RESULT_IMAGE_TYPES,
  useUploadResult,
} from '../api/upload-result';

interface FormValues {
  competitionType: string;
  value: string;
  comment: string;
}

type Outcome = { kind: 'success' } | { kind: 'failure'; message: string | null } | null;

interface ResultUploadFormProps {
  clubId: string;
  types: CompetitionType[];
  /** 401 / 403 on upload: sign in again (the error catalogue's rule, applied by the screen). */
  onSignInNeeded: (removeToken: boolean) => void;
}

/**
 * The result upload of a club (accounts-sso §2.2 /clubs/{id}/upload-result): the kind of
 * competition, the result (a time HH:MM:SS or a distance in km, masked as typed), a comment of up
 * to 500 characters and up to six jpg / png pictures of 2 MB each, checked before anything is
 * sent. The outcome is said in the spec's words (ticketing-shop §8).
 */
export function ResultUploadForm({ clubId, types, onSignInNeeded }: ResultUploadFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useUploadResult();
  // Each chosen file with a key of its own (two files may share a name).
  const [images, setImages] = useState<{ key: number; file: File }[]>([]);
  const nextKey = useRef(0);
  const [rejected, setRejected] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<FormValues>({ mode: 'onTouched', defaultValues: { competitionType: '', value: '', comment: '' } });
  const selected = types.find((type) => type.public_id === watch('competitionType'));
  const unit = selected?.unit === 'time' ? 'time' : 'distance';
  const comment = watch('comment');

  const addImages = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = ''; // choosing the same file again still fires a change
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      const problem = imageProblem(file);
      // accounts-sso §5's own words, after the file's name.
      if (problem === 'type') problems.push(`${file.name}: ${t('uploadResult.errors.type')}`);
      else if (problem === 'size') problems.push(`${file.name}: ${t('uploadResult.errors.size')}`);
      else if (problem === 'empty') problems.push(`${file.name}: ${t('uploadResult.errors.empty')}`);
      else accepted.push(file);
    }
    const room = RESULT_IMAGE_MAX_COUNT - images.length;
    if (accepted.length > room) problems.push(t('uploadResult.errors.count', { count: RESULT_IMAGE_MAX_COUNT }));
    const added = accepted.slice(0, Math.max(0, room)).map((file) => {
      nextKey.current += 1;
      return { key: nextKey.current, file };
    });
    setImages([...images, ...added]);
    setRejected(problems);
  };

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await upload.mutateAsync({
        clubId,
        competitionType: values.competitionType,
        value: unit === 'distance' ? values.value.replace(',', '.') : values.value,
        comment: values.comment.trim(),
        images: images.map((image) => image.file),
      });
      setOutcome({ kind: 'success' });
      reset();
      setImages([]);
      setRejected([]);
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        onSignInNeeded(error.status === 403);
        return;
      }
      setOutcome({ kind: 'failure', message: isApiError(error) && error.status === 400 && error.code === 'http' ? error.message : null });
    }
  });

  const errorText = (name: keyof FormValues) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (name: keyof FormValues, hint?: string) =>
    [errors[name] ? `${id}-${name}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  return (
    <form className="form form-section" onSubmit={onSubmit} noValidate aria-busy={upload.isPending}>
      <div className="field">
        <label htmlFor={`${id}-type`}>{t('uploadResult.type')}</label>
        <select
          id={`${id}-type`}
          aria-invalid={errors.competitionType ? true : undefined}
          aria-describedby={describedBy('competitionType')}
          {...register('competitionType', { required: t('uploadResult.errors.chooseType') })}
        >
          <option value="">{t('uploadResult.chooseType')}</option>
          {types.map((type) => (
            <option key={type.public_id} value={type.public_id}>
              {type.title}
            </option>
          ))}
        </select>
        {errorText('competitionType')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-value`}>{unit === 'time' ? t('uploadResult.time') : t('uploadResult.distance')}</label>
        <Controller
          control={control}
          name="value"
          rules={{
            validate: (value) => {
              if (!value.trim()) return t('uploadResult.errors.required');
              if (unit === 'time') return parseMaskedTime(value) ? true : t('uploadResult.errors.time');
              return Number(value.replace(',', '.')) > 0 ? true : t('uploadResult.errors.positive');
            },
          }}
          render={({ field }) => (
            // A new unit means a new mask: the key remounts the input with it.
            <MaskedInput
              key={unit}
              id={`${id}-value`}
              mask={unit === 'time' ? timeMask : distanceMask}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputMode={unit === 'time' ? 'numeric' : 'decimal'}
              placeholder={unit === 'time' ? '00:42:10' : '10.5'}
              aria-invalid={errors.value ? true : undefined}
              aria-describedby={describedBy('value')}
            />
          )}
        />
        {errorText('value')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-comment`}>{t('uploadResult.comment')}</label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          maxLength={RESULT_COMMENT_MAX}
          aria-describedby={describedBy('comment', `${id}-comment-count`)}
          {...register('comment', { maxLength: { value: RESULT_COMMENT_MAX, message: t('uploadResult.errors.comment') } })}
        />
        <p id={`${id}-comment-count`} className="field-hint">
          {t('uploadResult.commentCount', { count: comment.length, max: RESULT_COMMENT_MAX })}
        </p>
        {errorText('comment')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-images`}>{t('uploadResult.images')}</label>
        <input
          ref={fileInput}
          id={`${id}-images`}
          type="file"
          multiple
          accept={[...RESULT_IMAGE_EXTENSIONS.map((extension) => `.${extension}`), ...RESULT_IMAGE_TYPES].join(',')}
          aria-describedby={`${id}-images-hint${rejected.length > 0 ? ` ${id}-images-error` : ''}`}
          disabled={images.length >= RESULT_IMAGE_MAX_COUNT}
          onChange={addImages}
        />
        <p id={`${id}-images-hint`} className="field-hint">
          {t('uploadResult.imagesHint', { count: RESULT_IMAGE_MAX_COUNT })}
        </p>
        {rejected.length > 0 ? (
          <ul id={`${id}-images-error`} className="field-error" role="alert">
            {rejected.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {images.length > 0 ? (
          <ul className="upload-files" aria-label={t('uploadResult.chosen')}>
            {images.map(({ key, file }) => (
              <li key={key}>
                <span>{file.name}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => {
                    setImages(images.filter((image) => image.key !== key));
                    fileInput.current?.focus();
                  }}
                >
                  {t('uploadResult.remove')}
                  <span className="sr-only"> {file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {outcome?.kind === 'success' ? (
        <p className="notice" role="status">
          {t('uploadResult.success')}
        </p>
      ) : null}
      {outcome?.kind === 'failure' ? (
        <div className="notice notice--error" role="alert">
          <p>{t('uploadResult.failure')}</p>
          {outcome.message ? <p>{outcome.message}</p> : null}
        </div>
      ) : null}

      <button type="submit" className="button" disabled={upload.isPending}>
        {upload.isPending ? t('uploadResult.sending') : t('uploadResult.submit')}
      </button>
    </form>
  );
}
