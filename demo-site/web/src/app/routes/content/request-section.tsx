import { useId, useState } from 'react';
import { SupportForm } from '../../../features/support/components/support-form';
import { useTranslation } from '../../../lib/i18n';

/**
 * The request form an organiser's page carries (ticketing-shop §2: corporate, logistics, press):
 * the support form of accounts-sso §2.14 sent with the page's support_type; the server's answer shown.
 */
export function RequestSection({ title, supportType }: { title: string; supportType: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section className="content-section form-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {sent ? (
        <p role="status" className="notice">
          {sent}
        </p>
      ) : (
        <SupportForm supportType={supportType} onSent={(message) => setSent(message ?? t('support.successText'))} />
      )}
    </section>
  );
}
