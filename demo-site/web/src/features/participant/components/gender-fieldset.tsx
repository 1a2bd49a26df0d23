import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, fieldErrorId } from '../../../components/ui/field';

/**
 * «Пол» as two radio buttons (male, female) in a fieldset, described by its error message while it
 * has one: the participant form's and the insurance form's, which ask the same.
 */
export function GenderFieldset({
  id,
  legend,
  maleLabel,
  femaleLabel,
  error,
  registration,
  disabled,
}: {
  /** The id the error message is named after (`${id}-error`). */
  id: string;
  legend: string;
  maleLabel: string;
  femaleLabel: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  disabled?: boolean | undefined;
}) {
  return (
    <fieldset className="field participant-form__gender" aria-describedby={error ? fieldErrorId(id) : undefined}>
      <legend>{legend}</legend>
      <label className="checkbox">
        <input type="radio" value="male" disabled={disabled} {...registration} />
        {maleLabel}
      </label>
      <label className="checkbox">
        <input type="radio" value="female" disabled={disabled} {...registration} />
        {femaleLabel}
      </label>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
