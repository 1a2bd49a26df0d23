import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { documentLinks } from '../../../lib/links';
import { ContentPage } from './content-page';
import '../../../locales/content';

export default function About() {
  const { t } = useTranslation();
  return (
    <ContentPage name="about">
      <section className="content-section" aria-labelledby="about-documents">
        <h2 id="about-documents">{t('content.documents.title')}</h2>
        <ul className="link-list">
          <li>
            <a href={documentLinks.personalData} target="_blank" rel="noopener noreferrer">
              {t('content.documents.personalData')}
            </a>
          </li>
          <li>
            <a href={documentLinks.offers} target="_blank" rel="noopener noreferrer">
              {t('content.documents.offers')}
            </a>
          </li>
          <li>
            <Link to="/about/medical">{t('nav.medical')}</Link>
          </li>
        </ul>
      </section>
    </ContentPage>
  );
}
