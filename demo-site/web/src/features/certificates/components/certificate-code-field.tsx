import { useState } from 'react';
import { CodeField, type CodeFieldMessage } from '../../../components/ui/code-field';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
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
  const [refusal, setRefusal] = useState<string | null>(null);

  const apply = async (code: string): Promise<string | null> => {
    if (!code.trim()) {
      setRefusal(t('basket.gifts.enterCode'));
      return null;
    }
    try {
      const answer = await checkCertificate(code);
      setRefusal(null);
      onChange({ code: answer.code, left: Math.round(answer.left * 100) });
      return answer.code;
    } catch (error) {
      setRefusal(isApiError(error) && error.status === 400 && error.message ? error.message : t('errors.generic'));
      return null;
    }
  };

  const message: CodeFieldMessage | null = refusal
    ? { text: refusal, tone: 'error' }
    : applied
      ? {
          text: t('basket.gifts.applied', { code: applied.code, left: formatRubles(applied.left), pays: formatRubles(pays) }),
          tone: 'status',
        }
      : null;
  return (
    <CodeField
      className="basket-certificate"
      label={t('basket.gifts.code')}
      hint={t('basket.gifts.codeHint')}
      applied={applied?.code ?? null}
      message={message}
      applyLabel={t('basket.gifts.apply')}
      removeLabel={t('basket.gifts.remove')}
      maxLength={32}
      onApply={apply}
      onRemove={() => {
        setRefusal(null);
        onChange(null);
      }}
    />
  );
}
