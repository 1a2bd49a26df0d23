import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { useTranslation } from '../../lib/i18n';

/** /basket/certificateThanks: after certificates were bought (ticketing-shop §4). */
export default function CertificateThanks() {
  const { t } = useTranslation();
  return (
    <div className="container page page--center">
      <PageTitle lead={t('certificateThanks.text')}>{t('certificateThanks.title')}</PageTitle>
      <p className="actions">
        <Link to="/" className="button">
          {t('common.toHome')}
        </Link>
        <Link to="/calendar" className="button button--secondary">
          {t('nav.calendar')}
        </Link>
      </p>
    </div>
  );
}
