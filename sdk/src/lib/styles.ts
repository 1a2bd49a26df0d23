// One <style> element for every client on the page, injected once and removed with the last one.
const ID = 'gid-sdk-styles';
const users = new WeakMap<Document, number>();

// Buttons 56 px high in three shapes and three colours (spec 7.2): all that the buttons' first paint
// needs. The focus ring is dark with a white halo: over 3:1 on light and dark pages (WCAG 1.4.11). Parsing the frames' rules as well before that paint costs a third more time there.
const CSS = `.gid-btn{box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;gap:12px;height:56px;min-width:56px;padding:0 24px;border:1px solid transparent;border-radius:12px;font:600 16px/1 system-ui,sans-serif;cursor:pointer;white-space:nowrap}.gid-btn svg{width:28px;height:28px;flex:none;fill:currentColor}.gid-btn:focus-visible{outline:3px solid #1c2733;outline-offset:2px;box-shadow:0 0 0 2px #fff}.gid-btn--compact{padding:0 16px}.gid-btn--icon{width:56px;padding:0}.gid-btn--primary{background:#0079c2;color:#fff}.gid-btn--primary:hover{background:#00619c}.gid-btn--secondary{background:#fff;color:#0061a0;border-color:#0079c2}.gid-btn--secondary:hover{background:#eef6fc}.gid-btn--dark{background:#1c2733;color:#fff}.gid-btn--dark:hover{background:#0d141b}`;

// The widget and curtain frames (spec 9: min width 379, capped at the viewport for 360 px phones;
// max height 600; offsets 119 / 75 / 30 px; centred on phones, a bottom widget at the bottom there
// too (30 px up), clear of the page's header;
// breakpoints 768 × 720): added to the same <style> when the first frame opens, after that paint.
const FRAME_CSS = `.gid-frame,.gid-fallback{position:fixed;z-index:2147483000}.gid-frame{border:0;width:379px;min-width:min(379px,100vw);max-width:100vw;max-height:600px;height:240px;background:transparent;color-scheme:normal}.gid-frame--top-right,.gid-fallback{top:119px;right:75px}.gid-frame--top-left{top:119px;left:75px}.gid-frame--bottom-right{bottom:30px;right:75px}.gid-frame--bottom-left{bottom:30px;left:75px}.gid-frame--curtain{top:50%;left:50%;transform:translate(-50%,-50%)}@media (max-height:719px){.gid-frame--top-right,.gid-frame--top-left,.gid-fallback{top:30px}}@media (max-width:767px){.gid-frame:not(.gid-frame--curtain),.gid-fallback{left:50%;right:auto;transform:translateX(-50%)}.gid-frame--top-right,.gid-frame--top-left,.gid-fallback{top:30px}}`;

/** Adds the frames' rules to the SDK's <style> (once per document), before a widget or curtain shows. */
export function useFrameStyles(doc: Document): void {
  const style = doc.getElementById(ID);
  if (style && !style.textContent?.includes('.gid-frame{')) style.append(FRAME_CSS);
}

/** Injects the SDK's button styles once per document (with the CSP nonce); returns the release. */
export function useStyles(doc: Document, nonce?: string): () => void {
  let style = doc.getElementById(ID);
  if (!style) {
    style = doc.createElement('style');
    style.id = ID;
    if (nonce) style.setAttribute('nonce', nonce);
    style.textContent = CSS;
    doc.head.append(style);
  }
  users.set(doc, (users.get(doc) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (users.get(doc) ?? 1) - 1;
    users.set(doc, left);
    if (!left) doc.getElementById(ID)?.remove();
  };
}
