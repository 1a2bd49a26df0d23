import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { useTranslation } from '../../lib/i18n';

/** /basket/thanks: after a paid order. */
export default function Thanks() {
  const { t } = useTranslation();
  return (
    <div className="container page page--center">
      <PageTitle lead={t('thanks.text')}>{t('thanks.title')}</PageTitle>
      <p className="actions">
        <Link to="/me" className="button">
          {t('thanks.toTickets')}
        </Link>
        <Link to="/calendar" className="button button--secondary">
          {t('nav.calendar')}
        </Link>
      </p>
    </div>
  );
}
