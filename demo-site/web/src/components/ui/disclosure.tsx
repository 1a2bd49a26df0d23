import { type ReactNode, useId, useState } from 'react';

/**
 * A titled section that opens on click. Its content is rendered only once opened, so a list behind
 * it loads on expand (accounts-sso §2.6, §2.12).
 */
export function Disclosure({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="disclosure">
      <h2 className="disclosure__heading">
        <button type="button" className="disclosure__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <span>{title}</span>
          <span className="disclosure__mark" aria-hidden="true">
            ▾
          </span>
        </button>
      </h2>
      <div id={panelId} className="disclosure__panel" hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  );
}
