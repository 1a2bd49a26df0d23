import type { ComponentProps } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { MaskedInput } from './masked-input';

type FormMaskedInputProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
} & Omit<ComponentProps<typeof MaskedInput>, 'value' | 'onValueChange' | 'onBlur' | 'name'>;

/** A `MaskedInput` bound to one react-hook-form field through a Controller (value, change, blur, name). */
export function FormMaskedInput<T extends FieldValues>({ control, name, ...inputProps }: FormMaskedInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MaskedInput value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} name={field.name} {...inputProps} />
      )}
    />
  );
}
