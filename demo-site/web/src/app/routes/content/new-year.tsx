import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentPage } from './content-page';

/** /newyear_2022: the holiday race, and the way to its dates in the calendar. */
export default function NewYear() {
  const { t } = useTranslation();
  return (
    <ContentPage name="newYear">
      <p className="actions">
        <Link to="/calendar" className="button">
          {t('content.newYear.toCalendar')}
        </Link>
      </p>
    </ContentPage>
  );
}
