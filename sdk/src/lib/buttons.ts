import { check, configError, MODE, OBJECT, oneOf, type Rules } from './config';
import type { GidButtonConfig } from './types';

export const BUTTON_LABEL = 'Войти с Газпром ID';

/** The buttons' words by language: the full name (standard shape, accessible name) and the compact one. */
const LABELS: Record<string, [full: string, compact: string]> = {
  ru: [BUTTON_LABEL, 'Газпром ID'],
  en: ['Sign in with Gazprom ID', 'Gazprom ID'],
};
/** Listed, not `Object.keys(LABELS)`: a call at module level would stay in every bundle. */
export const BUTTON_LANGS = ['ru', 'en'];

/** A button's language: its own `lang`, else the document's (`<html lang>`) if known, else Russian. */
const langOf = (doc: Document, lang?: string): string => {
  // No page language (`''`, or no root element: `undefined`) is no key of LABELS either.
  const page = doc.documentElement?.lang.slice(0, 2).toLowerCase() as string;
  return lang ?? (page in LABELS ? page : 'ru');
};

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The mark, a flame in a rounded square in the button's text colour (`fill` from the style sheet),
 * built node by node: no `innerHTML`, so pages enforcing Trusted Types draw it too. The square is a
 * second path laid over the flame at 18 % (the same colour over itself: the same picture as under
 * it): a `<rect>` would be one more SVG element class set up before the buttons' first paint.
 */
function logo(doc: Document): SVGSVGElement {
  const make = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] => {
    const node = doc.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    return node;
  };
  const svg = make('svg', { viewBox: '0 0 28 28', 'aria-hidden': 'true' });
  svg.append(
    make('path', { d: 'M14 4c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-7 0 3 1 4 3 5-1-4 1-7 0-10z' }),
    make('path', { d: 'M0 7a7 7 0 0 1 7-7h14a7 7 0 0 1 7 7v14a7 7 0 0 1-7 7H7a7 7 0 0 1-7-7', opacity: '.18' }),
  );
  return svg;
}

/** Finds a button's container: an element, or a selector that must match one. */
function containerOf(doc: Document, button: GidButtonConfig, index: number): Element {
  const found = typeof button.container === 'string' ? doc.querySelector(button.container) : button.container;
  // `Неверно задано «buttons[0].container» (config): ожидается элемент на странице`
  if (!found) throw configError('config', `buttons[${index}].container`, 'элемент на странице');
  return found;
}

/**
 * Renders the «Войти с Газпром ID» buttons (spec 7.2): real `<button>`s, 56 px high, in the
 * standard, compact or icon shape and the primary, secondary or dark colour. The icon-only and
 * compact shapes carry the full name for screen readers. `onCreate` sees each new button (to
 * give it its id). Returns the removal.
 */
export function renderButtons(
  doc: Document,
  buttons: GidButtonConfig[],
  onCreate: (element: HTMLButtonElement) => void,
  onClick: (button: GidButtonConfig) => void,
): () => void {
  const containers = buttons.map((button, index) => containerOf(doc, button, index));
  const rendered = buttons.map((button, index) => {
    const type = button.type ?? 'standard';
    const lang = langOf(doc, button.lang);
    // `lang` is one of LABELS' (the buttons' `lang` is checked; `langOf` gives only those).
    const [full, compact] = LABELS[lang] as [string, string];
    const element = doc.createElement('button');
    element.type = 'button';
    element.className = `gid-btn gid-btn--${type} gid-btn--${button.color ?? 'primary'}`;
    element.append(logo(doc));
    if (type !== 'icon') element.append(Object.assign(doc.createElement('span'), { textContent: type === 'compact' ? compact : full }));
    if (type !== 'standard') element.setAttribute('aria-label', full);
    // Screen readers read the words in their language, also on a page in another one.
    element.lang = lang;
    element.addEventListener('click', () => onClick(button));
    containers[index]?.append(element);
    onCreate(element);
    return element;
  });
  return () => {
    for (const element of rendered) element.remove();
  };
}

/** A button's fields, checked like the rest of the config (`field`: `buttons[0].type`, …). */
const BUTTON_RULES: Rules = {
  container: [(v) => (typeof v === 'string' && !!v.trim()) || (v as Node | null)?.nodeType === 1, 'a selector or an element', true],
  type: /* @__PURE__ */ oneOf('standard', 'compact', 'icon'),
  color: /* @__PURE__ */ oneOf('primary', 'secondary', 'dark'),
  mode: MODE,
  lang: /* @__PURE__ */ oneOf(...BUTTON_LANGS),
};

/** The entries of `o` with their names under `at` (`buttons[0]` + `type` → `buttons[0].type`). */
const under = <T>(at: string, o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).map(([key, value]) => [`${at}.${key}`, value]));

/** Checks the buttons' shapes and colours like the rest of the config (one `check`, not a second validator). */
export function checkButtons(buttons: unknown): void {
  for (const [index, button] of ((buttons ?? []) as unknown[]).entries()) {
    const at = `buttons[${index}]`;
    check('config', { [at]: button }, { [at]: OBJECT });
    check('config', under(at, button as Record<string, unknown>), under(at, BUTTON_RULES));
  }
}
