import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { formatRubles } from '../../basket/basket-model';
import { checkCertificate } from '../api/certificates';
import '../../../locales/basket';

export interface AppliedCertificate {
  code: string;
  /** What the certificate has left, in kopecks (the server checks again at payment). */
  left: number;
}

/**
 * The checkout's gift certificate (spec silent; as a promocode is checked): a bought certificate's code,
 * checked by the server, then shown with what it has left and what it pays of this basket (`pays`,
 * kopecks). The payment sends the code; the server decides under lock what it really pays.
 */
export function CertificateCodeField({
  applied,
  pays,
  onChange,
}: {
  applied: AppliedCertificate | null;
  pays: number;
  onChange: (applied: AppliedCertificate | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(applied?.code ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const apply = async () => {
    if (applied) {
      onChange(null);
      setMessage(null);
      return;
    }
    if (!code.trim()) {
      setMessage(t('basket.gifts.enterCode'));
      return;
    }
    setPending(true);
    try {
      const answer = await checkCertificate(code);
      setCode(answer.code);
      setMessage(null);
      onChange({ code: answer.code, left: Math.round(answer.left * 100) });
    } catch (error) {
      setMessage(isApiError(error) && error.status === 400 && error.message ? error.message : t('errors.generic'));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="promocode basket-certificate">
      <label htmlFor={`${id}-code`}>{t('basket.gifts.code')}</label>
      <div className="promocode__row">
        <input
          id={`${id}-code`}
          value={code}
          readOnly={applied !== null}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message || applied ? ` ${id}-message` : ''}`}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="button button--secondary button--small" disabled={pending} onClick={() => void apply()}>
          {applied ? t('basket.gifts.remove') : t('basket.gifts.apply')}
        </button>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t('basket.gifts.codeHint')}
      </p>
      {message ? (
        <p id={`${id}-message`} className="field-error" role="alert">
          {message}
        </p>
      ) : applied ? (
        <p id={`${id}-message`} className="field-hint" role="status">
          {t('basket.gifts.applied', { code: applied.code, left: formatRubles(applied.left), pays: formatRubles(pays) })}
        </p>
      ) : null}
    </div>
  );
}
