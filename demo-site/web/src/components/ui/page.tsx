import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Names the browser tab after the screen. */
export function useDocumentTitle(title: string | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} — ${t('brand.name')}` : t('brand.title');
  }, [title, t]);
}

/** A screen's heading, which also names the browser tab. */
export function PageTitle({ children, lead }: { children: string; lead?: ReactNode }) {
  useDocumentTitle(children);
  return (
    <header className="page-head">
      <h1 className="page-title">{children}</h1>
      {lead ? <p className="page-lead">{lead}</p> : null}
    </header>
  );
}
