import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { basketCount } from '../../features/basket/basket-items';
import { useBasket } from '../../features/basket/basket-store';
import { useIsAuthenticated } from '../../lib/auth';
import { type Language, languages } from '../../lib/content-language';
import { setLanguage, useTranslation } from '../../lib/i18n';
import { setTheme, useTheme } from '../../lib/theme';
import { usePageIdle } from '../../lib/use-page-idle';
import { warmScreen } from '../warm-screens';
import { corporateItems, headerItems, type NavItem } from './nav-items';

function ItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  if (item.external) {
    return (
      <a href={item.to} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {t(`nav.${item.label}`)}
        <span className="sr-only"> {t('common.opensInNewTab')}</span>
      </a>
    );
  }
  return (
    <NavLink to={item.to} onClick={onNavigate}>
      {t(`nav.${item.label}`)}
    </NavLink>
  );
}

/** The corporate dropdown: a disclosure button; Escape or a click elsewhere closes it. */
function CorporateDropdown({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const active = corporateItems.some((item) => pathname.startsWith(item.to));

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    // Tabbing out of the menu closes it too.
    const onFocus = (event: FocusEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className={`dropdown__toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.corporate')}
        <span aria-hidden="true" className="dropdown__caret">
          ▾
        </span>
      </button>
      <ul id={id} className="dropdown__menu" hidden={!open}>
        {corporateItems.map((item) => (
          <li key={item.label}>
            <ItemLink
              item={item}
              onNavigate={() => {
                setOpen(false);
                onNavigate();
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The site header of ticketing-shop §2. */
export function Header() {
  const { t, i18n } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const authenticated = useIsAuthenticated();
  const { goods } = useBasket();
  const count = basketCount(goods);
  const theme = useTheme();
  const closeMenu = () => setMenuOpen(false);

  // With goods in the basket, its screen's code is loaded once the page is idle: following the basket
  // link then shows the whole basket without waiting for its chunks one after another.
  const warmBasket = usePageIdle(count > 0);
  useEffect(() => {
    if (warmBasket) warmScreen('/basket');
  }, [warmBasket]);

  // A new page closes the collapsed menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <div className="site-header__bar container">
        <Link to="/" className="logo">
          <span className="logo__mark" aria-hidden="true">
            Г
          </span>
          <span className="logo__text">{t('brand.name')}</span>
          <span className="sr-only"> {t('brand.toHome')}</span>
        </Link>

        <nav className={`main-nav${menuOpen ? ' main-nav--open' : ''}`} id="main-nav" aria-label={t('nav.main')}>
          <ul className="main-nav__list">
            {headerItems.map((item) => (
              <li
                key={item.label + (item.dropdown ? '-dropdown' : '')}
                className={item.collapsedOnly ? 'main-nav__collapsed-only' : undefined}
              >
                {item.dropdown ? <CorporateDropdown onNavigate={closeMenu} /> : <ItemLink item={item} onNavigate={closeMenu} />}
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__tools">
          <fieldset className="lang-switch">
            <legend className="sr-only">{t('header.language')}</legend>
            {languages.map((language: Language) => (
              <button
                key={language}
                type="button"
                className="lang-switch__option"
                aria-pressed={i18n.language === language}
                lang={language}
                onClick={() => void setLanguage(language)}
              >
                <span aria-hidden="true">{language.toUpperCase()}</span>
                <span className="sr-only">{t(`header.languageName.${language}`)}</span>
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            className="icon-button"
            aria-pressed={theme === 'dark'}
            aria-label={t('header.darkTheme')}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span>
          </button>
          {/* Guests see the words «Личный кабинет» beside the icon (the text hides on narrow screens, still read out). */}
          <Link
            to={authenticated ? '/me' : '/login'}
            className={authenticated ? 'icon-button' : 'icon-button account-link'}
            aria-label={authenticated ? t('header.myEvents') : undefined}
          >
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
            </svg>
            {authenticated ? null : <span className="account-link__text">{t('nav.cabinet')}</span>}
          </Link>
          <Link to="/basket" className="icon-button basket-link" aria-label={t('header.basket', { count })}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M3 4h2l2.4 11h11l2-8H6.2" />
              <circle cx="9" cy="20" r="1.5" />
              <circle cx="18" cy="20" r="1.5" />
            </svg>
            <span className="basket-link__count" aria-hidden="true" data-testid="basket-count">
              {count}
            </span>
          </Link>
          <button
            type="button"
            className="icon-button burger"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((value) => !value)}
          >
            <span aria-hidden="true">{menuOpen ? '×' : '☰'}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
