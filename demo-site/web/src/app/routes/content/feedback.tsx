import { useState } from 'react';
import { SupportForm } from '../../../features/support/components/support-form';
import { useTranslation } from '../../../lib/i18n';
import { ContentPage } from './content-page';
import '../../../locales/content';

export default function Feedback() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <ContentPage name="feedback">
      <section className="content-section form-section" aria-labelledby="feedback-form">
        <h2 id="feedback-form">{t('content.feedback.formTitle')}</h2>
        {sent ? (
          <p role="status" className="notice">
            {sent}
          </p>
        ) : (
          <SupportForm supportType="feedback" onSent={(message) => setSent(message ?? t('support.successText'))} />
        )}
      </section>
    </ContentPage>
  );
}
