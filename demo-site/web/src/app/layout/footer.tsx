import { Link } from 'react-router';
import { useIsAuthenticated } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { documentLinks, externalLinks } from '../../lib/links';
import type { NavItem } from './nav-items';

/** ticketing-shop §2 footer, grouped in three columns. */
const columns: { heading: 'footer.buy' | 'footer.community' | 'footer.company'; items: NavItem[] }[] = [
  {
    heading: 'footer.buy',
    items: [
      { label: 'calendar', to: '/calendar' },
      { label: 'shop', to: '/shop' },
      // Gift certificates are sold on the shop page; the footer leads straight to them.
      { label: 'certificates', to: '/shop#certificates' },
      { label: 'merch', to: '/merch' },
      { label: 'corporate', to: '/corp' },
      { label: 'partners', to: '/partners' },
    ],
  },
  {
    heading: 'footer.community',
    items: [
      { label: 'news', to: '/news' },
      { label: 'results', to: '/results' },
      { label: 'clubs', to: '/clubs' },
      { label: 'feedback', to: '/feedback' },
      { label: 'faq', to: externalLinks.faq, external: true },
    ],
  },
  {
    heading: 'footer.company',
    items: [
      { label: 'about', to: '/about' },
      { label: 'medical', to: '/about/medical' },
      { label: 'career', to: externalLinks.career, external: true },
      { label: 'personalData', to: documentLinks.personalData, external: true },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const authenticated = useIsAuthenticated();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        {columns.map((column) => (
          <nav key={column.heading} aria-label={t(column.heading)} className="site-footer__column">
            <h2 className="site-footer__heading">{t(column.heading)}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.label}>
                  {item.external ? (
                    <a href={item.to} target="_blank" rel="noopener noreferrer">
                      {t(`nav.${item.label}`)}
                      <span className="sr-only"> {t('common.opensInNewTab')}</span>
                    </a>
                  ) : (
                    <Link to={item.to}>{t(`nav.${item.label}`)}</Link>
                  )}
                </li>
              ))}
              {column.heading === 'footer.company' && !authenticated ? (
                <li>
                  <Link to="/login">{t('nav.cabinet')}</Link>
                </li>
              ) : null}
            </ul>
          </nav>
        ))}
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.social')}</h2>
          <ul className="social-links">
            <li>
              <a href={externalLinks.vk} target="_blank" rel="noopener noreferrer">
                {t('footer.vk')}
                <span className="sr-only"> {t('common.opensInNewTab')}</span>
              </a>
            </li>
            <li>
              <a href={externalLinks.telegram} target="_blank" rel="noopener noreferrer">
                {t('footer.telegram')}
                <span className="sr-only"> {t('common.opensInNewTab')}</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
