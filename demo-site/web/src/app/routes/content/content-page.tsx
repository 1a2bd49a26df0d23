import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/ui/page';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/content';

export type ContentKey =
  | 'about'
  | 'medical'
  | 'partners'
  | 'corporate'
  | 'logistics'
  | 'merch'
  | 'smi'
  | 'feedback'
  | 'photo'
  | 'newYear'
  | 'virtualEvents';

interface Section {
  title: string;
  text: string;
}

/**
 * The pictures of the organiser's pages, drawn by the server (server/src/db/seed/data/pages.ts):
 * nothing is downloaded. Decorative: the page's heading and text say what they show.
 */
export const pagePictures = {
  corporate: '/images/pages/corp.svg',
  logistics: '/images/pages/logistics.svg',
  smi: '/images/pages/smi.svg',
  newYear: '/images/pages/newyear.svg',
  virtualEvents: '/images/pages/virtual.svg',
  photo: '/images/pages/photo.svg',
} as const;

/** A seeded picture in the page's language: the server draws English copies under `/images/en/`. */
export const pictureIn = (src: string, language: string): string => (language === 'en' ? src.replace(/^\/images\//, '/images/en/') : src);

/** A text screen: its title, lead and sections come from the translations under `content.{key}`. */
export function ContentPage({ name, children }: { name: ContentKey; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const sections = t(`content.${name}.sections`, { returnObjects: true }) as unknown as Section[];
  const picture = (pagePictures as Partial<Record<ContentKey, string>>)[name];
  return (
    <div className="container page content-page">
      <PageTitle lead={t(`content.${name}.lead`)}>{t(`content.${name}.title`)}</PageTitle>
      {picture ? <img className="content-page__picture" src={pictureIn(picture, i18n.language)} alt="" width={1200} height={640} /> : null}
      {Array.isArray(sections) && sections.length > 0 ? (
        <div className="content-sections">
          {sections.map((section) => (
            <section key={section.title} className="content-section">
              <h2>{section.title}</h2>
              <p>{section.text}</p>
            </section>
          ))}
        </div>
      ) : null}
      {children}
    </div>
  );
}
