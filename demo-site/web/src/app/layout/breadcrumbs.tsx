import { Link, useLocation } from 'react-router';
import { useChildTitle } from '../../lib/breadcrumbs';
import { useTranslation } from '../../lib/i18n';

/** Sections the first path segment can name, with their translation key under `nav`. */
const sections = {
  calendar: 'calendar',
  event: 'calendar',
  news: 'news',
  shop: 'shop',
  merch: 'merch',
  partners: 'partners',
  corp: 'corporate',
  logistics: 'logistics',
  smi: 'smi',
  about: 'about',
  feedback: 'feedback',
  clubs: 'clubs',
  photo: 'photo',
  results: 'results',
  basket: 'basket',
  me: 'cabinet',
  newyear_2022: 'newYear',
  virtualEvents: 'virtualEvents',
} as const;

type Section = keyof typeof sections;

/**
 * ticketing-shop §2: the trail is the home page, the section of the first path segment, and — when
 * there is a second segment and the screen reported a title — that title.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const childTitle = useChildTitle();
  const [first, second] = pathname.split('/').filter(Boolean);
  if (!first || !(first in sections)) return null;
  const section = sections[first as Section];
  const sectionPath = first === 'event' ? '/calendar' : `/${first}`;
  const child = second && childTitle ? childTitle : null;

  return (
    <nav aria-label={t('nav.breadcrumbs')} className="breadcrumbs container">
      <ol>
        <li>
          <Link to="/">{t('nav.home')}</Link>
        </li>
        <li>{child ? <Link to={sectionPath}>{t(`nav.${section}`)}</Link> : <span aria-current="page">{t(`nav.${section}`)}</span>}</li>
        {child ? (
          <li>
            <span aria-current="page">{child}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
