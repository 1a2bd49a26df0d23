import { useState } from 'react';
import { SupportForm } from '../../../features/support/components/support-form';
import { useTranslation } from '../../../lib/i18n';
import { ContentPage } from './content-page';
import '../../../locales/content';

/** Merch with its general request form (ticketing-shop §2). */
export default function Merch() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <ContentPage name="merch">
      <section className="content-section form-section" aria-labelledby="merch-request">
        <h2 id="merch-request">{t('content.merch.formTitle')}</h2>
        {sent ? (
          <p role="status" className="notice">
            {sent}
          </p>
        ) : (
          <SupportForm supportType="merch" onSent={(message) => setSent(message ?? t('support.successText'))} />
        )}
      </section>
    </ContentPage>
  );
}
