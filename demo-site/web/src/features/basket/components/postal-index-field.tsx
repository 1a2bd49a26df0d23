import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { lookUpPostalIndex, type PostalIndex } from '../api/postal-index';
import '../../../locales/basket';

/**
 * The delivery address's postal index (ticketing-shop §7 GET /api/pochta/{index}): six digits look
 * the post office up and fill the region and city; a wrong index is said in accounts-sso §5's words.
 * The index is optional: the address alone still delivers.
 */
export function PostalIndexField({
  value,
  onChange,
  onFound,
}: {
  value: string;
  onChange: (index: string) => void;
  onFound: (office: PostalIndex) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [office, setOffice] = useState<PostalIndex | null>(null);
  const latest = useRef(value);

  const check = async (index: string) => {
    latest.current = index;
    if (index === '') {
      setError(null);
      setOffice(null);
      return;
    }
    const answer = await lookUpPostalIndex(index);
    if (latest.current !== index) return; // an answer about an index no longer typed
    setOffice(answer.kind === 'found' ? answer.office : null);
    setError(
      answer.kind === 'invalid' ? t('basket.delivery.indexInvalid') : answer.kind === 'unknown' ? t('basket.delivery.indexUnknown') : null,
    );
    if (answer.kind === 'found') onFound(answer.office);
  };

  return (
    <div className="field">
      <label htmlFor={`${id}-index`}>{t('basket.delivery.index')}</label>
      <input
        id={`${id}-index`}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        value={value}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
          onChange(digits);
          latest.current = digits;
          setError(null);
          if (digits.length === 6) void check(digits);
          else setOffice(null);
        }}
        onBlur={() => {
          if (value.length !== 6) void check(value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-index-error` : office ? `${id}-index-office` : undefined}
      />
      {error ? (
        <p id={`${id}-index-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {office ? (
        <p id={`${id}-index-office`} className="field-hint" role="status">
          {t('basket.delivery.indexFound', { city: office.city.name_ru, region: office.region.name_ru, office: office.office_name ?? '' })}
        </p>
      ) : null}
    </div>
  );
}
