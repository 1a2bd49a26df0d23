import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentPage } from './content-page';

/** /virtualEvents: how a virtual race works, step by step; the result goes in from the ticket page. */
export default function VirtualEvents() {
  const { t } = useTranslation();
  const steps = t('content.virtualEvents.steps', { returnObjects: true }) as unknown as string[];
  return (
    <ContentPage name="virtualEvents">
      <section className="content-section" aria-labelledby="virtual-steps">
        <h2 id="virtual-steps">{t('content.virtualEvents.stepsTitle')}</h2>
        <ol className="numbered-list">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="actions">
          <Link to="/calendar" className="button">
            {t('content.virtualEvents.toCalendar')}
          </Link>
          <Link to="/me" className="button button--secondary">
            {t('content.virtualEvents.toTickets')}
          </Link>
        </p>
      </section>
    </ContentPage>
  );
}
