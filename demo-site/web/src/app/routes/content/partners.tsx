import { useTranslation } from '../../../lib/i18n';
import { externalLinks } from '../../../lib/links';
import { ContentPage } from './content-page';
import '../../../locales/content';

/** Partners: the three partner projects, the ten partner services, the travel promo (accounts-sso §2.15). */
export default function Partners() {
  const { t } = useTranslation();
  const services = t('content.partners.services', { returnObjects: true }) as unknown as string[];
  const projects = [
    { key: 'trail', href: externalLinks.projects.trail },
    { key: 'kids', href: externalLinks.projects.kids },
    { key: 'corporate', href: externalLinks.projects.corporate },
  ] as const;
  return (
    <ContentPage name="partners">
      <section className="content-section" aria-labelledby="partner-projects">
        <h2 id="partner-projects">{t('content.partners.projectsTitle')}</h2>
        <ul className="card-grid card-grid--3">
          {projects.map((project) => (
            <li key={project.key}>
              <article className="card">
                <h3 className="card__title">{t(`content.partners.projects.${project.key}.title`)}</h3>
                <p>{t(`content.partners.projects.${project.key}.text`)}</p>
                <a href={project.href} target="_blank" rel="noopener noreferrer">
                  {t('content.partners.visit')}
                  <span className="sr-only"> {t(`content.partners.projects.${project.key}.title`)}</span>
                </a>
              </article>
            </li>
          ))}
        </ul>
      </section>
      <section className="content-section" aria-labelledby="partner-services">
        <h2 id="partner-services">{t('content.partners.servicesTitle')}</h2>
        <ol className="numbered-list">
          {services.map((service) => (
            <li key={service}>{service}</li>
          ))}
        </ol>
      </section>
      <section className="content-section promo" aria-labelledby="travel-promo">
        <h2 id="travel-promo">{t('content.partners.tours.title')}</h2>
        <ul className="card-grid card-grid--2">
          <li>
            <article className="card">
              <h3 className="card__title">{t('content.partners.tours.soul')}</h3>
              <p>{t('content.partners.tours.soulText')}</p>
            </article>
          </li>
          <li>
            <article className="card">
              <h3 className="card__title">{t('content.partners.tours.training')}</h3>
              <p>{t('content.partners.tours.trainingText')}</p>
            </article>
          </li>
        </ul>
        <a className="button button--secondary" href={externalLinks.tours} target="_blank" rel="noopener noreferrer">
          {t('content.partners.tours.more')}
        </a>
      </section>
    </ContentPage>
  );
}
