import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { useTranslation } from '../../lib/i18n';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="container page page--center">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <p>{t('notFound.text')}</p>
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
