import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Extra class for the panel, e.g. a wider layout. */
  className?: string;
}

/**
 * A modal popup on the native <dialog>: focus moves in and is kept inside, Escape and a click
 * outside close it (ticketing-shop §4), focus returns to what opened it.
 */
export function Dialog({ open, onClose, title, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    // A click on the backdrop (the dialog element itself) closes it; keyboard users have Escape.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog through its native cancel event
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <div className="dialog__head">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="icon-button dialog__close" onClick={onClose} aria-label={t('common.closeDialog')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
