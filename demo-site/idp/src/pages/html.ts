import { randomBytes } from 'node:crypto';

/** Trusted markup: returned by {@link html} and passed through it unescaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * HTML template tag: every interpolated value is escaped unless it is already {@link SafeHtml}, so
 * user input can never become markup by accident.
 * @example html`<p>${name}</p>`
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** A JSON value safe to place inside an inline `<script>`. */
export const scriptJson = (value: unknown): SafeHtml =>
  new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );

/** A per-response CSP nonce for the page's inline style and script. */
export const newNonce = (): string => randomBytes(16).toString('base64');

const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1a1a;background:#eef3f8}
main{max-width:420px;margin:48px auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 4px 24px rgba(0,40,80,.12)}
.brand{margin:0 0 16px;font-weight:700;color:#0079c2;letter-spacing:.02em}
h1{font-size:1.5rem;margin:0 0 12px}
p{margin:0 0 12px}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=text],input[type=tel]{width:100%;padding:12px 14px;font:inherit;border:1px solid #9aa7b4;border-radius:8px}
input[aria-invalid=true]{border-color:#c62828}
:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
.error{color:#c62828;margin:6px 0 0}
.hint{color:#4a5968;font-size:.9rem}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:20px}
button,.button{display:block;width:100%;min-height:48px;padding:10px 16px;font:inherit;font-weight:600;border-radius:8px;border:0;cursor:pointer;text-align:center;text-decoration:none}
.primary{background:#0079c2;color:#fff}
.primary:hover{background:#00619c}
.secondary{background:#e6eef5;color:#0b3d63}
.link{background:none;color:#0061a0;text-decoration:underline;min-height:auto;padding:4px;font-weight:400}
ul.scopes{padding-left:20px;margin:8px 0 16px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #dde3ea;vertical-align:top}
`;

export interface PageOptions {
  title: string;
  body: SafeHtml;
  nonce: string;
  /** Extra CSS for this page. */
  css?: string;
  /** Inline script (runs with the page's nonce). */
  script?: SafeHtml;
  /** Replaces the default centred card layout. */
  bare?: boolean;
}

/** A complete Russian page in the provider's look. */
export function page({ title, body, nonce, css = '', script, bare = false }: PageOptions): string {
  const content = bare ? body : html`<main><p class="brand">Газпром ID</p>${body}</main>`;
  return html`<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — Газпром ID</title>
<style nonce="${nonce}">${new SafeHtml(bare ? css : BASE_CSS + css)}</style>
</head>
<body>
${content}
${script ? html`<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>
`.value;
}

/** CSP for the provider's own pages: only this response's inline style and script run. */
export function contentSecurityPolicy(nonce: string, frameAncestors = "'none'"): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}
