import { externalLinks } from '../../lib/links';

/** A header or footer entry: a route of the site or an outside address. */
export interface NavItem {
  /** Translation key under `nav`. */
  label: NavLabel;
  to: string;
  external?: boolean;
}

export type NavLabel =
  | 'calendar'
  | 'news'
  | 'shop'
  | 'merch'
  | 'partners'
  | 'corporate'
  | 'logistics'
  | 'career'
  | 'smi'
  | 'about'
  | 'feedback'
  | 'clubs'
  | 'photo'
  | 'results'
  | 'personalData'
  | 'faq'
  | 'medical'
  | 'cabinet'
  | 'certificates';

/** The corporate dropdown: corporate, partners, logistics, merch (ticketing-shop §2). */
export const corporateItems: NavItem[] = [
  { label: 'corporate', to: '/corp' },
  { label: 'partners', to: '/partners' },
  { label: 'logistics', to: '/logistics' },
  { label: 'merch', to: '/merch' },
];

/**
 * The header entries in the spec's order; `collapsedOnly` ones (merch, partners) show only at widths
 * up to 1200px, where the menu collapses — wider, they are in the corporate dropdown.
 */
export const headerItems: (NavItem & { collapsedOnly?: boolean; dropdown?: NavItem[] })[] = [
  { label: 'calendar', to: '/calendar' },
  { label: 'news', to: '/news' },
  { label: 'shop', to: '/shop' },
  { label: 'merch', to: '/merch', collapsedOnly: true },
  { label: 'partners', to: '/partners', collapsedOnly: true },
  { label: 'corporate', to: '/corp', dropdown: corporateItems },
  { label: 'career', to: externalLinks.career, external: true },
  { label: 'smi', to: '/smi' },
  { label: 'about', to: '/about' },
  { label: 'feedback', to: '/feedback' },
  { label: 'clubs', to: '/clubs' },
  { label: 'photo', to: externalLinks.photo, external: true },
  { label: 'results', to: '/results' },
];
