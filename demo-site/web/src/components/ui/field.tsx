import type { ReactNode } from 'react';

/** The id of a field's error message, the one its control's aria-describedby points to. */
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * The attributes a form control needs to be tied to its `Field`: its id (the label's target), and,
 * while it has an error, aria-invalid and aria-describedby naming the message (then any hint ids).
 */
export function fieldControlProps(id: string, error: string | undefined, ...hints: string[]) {
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': [error ? fieldErrorId(id) : null, ...hints].filter(Boolean).join(' ') || undefined,
  };
}

/**
 * One form field: a label for the control with `id`, the control (children, given
 * `fieldControlProps(id, error)`), and the error message under it while there is one.
 */
export function Field({ id, label, error, children }: { id: string; label: ReactNode; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error message (`role`-less text read through the control's aria-describedby). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={fieldErrorId(id)} className="field-error">
      {error}
    </p>
  ) : null;
}
