import { useId, useState } from 'react';

/** What the field says under itself: a refusal (an alert) or a note on the applied code (a status). */
export interface CodeFieldMessage {
  text: string;
  tone: 'error' | 'status';
}

export interface CodeFieldProps {
  label: string;
  /** A line under the field saying what a code looks like. */
  hint?: string | undefined;
  /** The code in force: while set, the field is locked and the button takes it off. */
  applied: string | null;
  /** The text to start with (a code kept on a basket line). */
  initialCode?: string | undefined;
  message: CodeFieldMessage | null;
  applyLabel: string;
  removeLabel: string;
  maxLength?: number | undefined;
  className?: string | undefined;
  /**
   * Checks the typed code (upper-cased; the caller says what an empty one means). Resolves with the
   * code as the server wrote it, which the field then shows, or null to leave the text as typed.
   */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}

/**
 * A code typed in and checked by the server: the basket line's promocode (ticketing-shop §4) and the
 * checkout's gift certificate. The field keeps what is typed and whether a check is running; what a
 * code is worth, and the words for it, stay with the caller. Enter applies, as the button does.
 */
export function CodeField({
  label,
  hint,
  applied,
  initialCode,
  message,
  applyLabel,
  removeLabel,
  maxLength,
  className,
  onApply,
  onRemove,
}: CodeFieldProps) {
  const id = useId();
  const [code, setCode] = useState(applied ?? initialCode ?? '');
  const [pending, setPending] = useState(false);

  const press = async () => {
    if (applied !== null) {
      onRemove();
      return;
    }
    setPending(true);
    try {
      const shown = await onApply(code);
      if (shown) setCode(shown);
    } finally {
      setPending(false);
    }
  };

  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-message` : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `promocode ${className}` : 'promocode'}>
      <label htmlFor={`${id}-code`}>{label}</label>
      <div className="promocode__row">
        <input
          id={`${id}-code`}
          value={code}
          readOnly={applied !== null}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          aria-invalid={message?.tone === 'error' ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void press();
            }
          }}
        />
        <button type="button" className="button button--secondary button--small" disabled={pending} onClick={() => void press()}>
          {applied !== null ? removeLabel : applyLabel}
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p
          id={`${id}-message`}
          className={message.tone === 'error' ? 'field-error' : 'field-hint'}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
