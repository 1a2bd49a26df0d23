import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page';

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

/** A text screen: its title, lead and sections come from the translations under `content.{key}`. */
export function ContentPage({ name, children }: { name: ContentKey; children?: ReactNode }) {
  const { t } = useTranslation();
  const sections = t(`content.${name}.sections`, { returnObjects: true }) as unknown as Section[];
  return (
    <div className="container page content-page">
      <PageTitle lead={t(`content.${name}.lead`)}>{t(`content.${name}.title`)}</PageTitle>
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
