import IMask, { type FactoryArg, type InputMask } from 'imask';
import { type ComponentPropsWithoutRef, useEffect, useRef } from 'react';

interface MaskedInputProps extends Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'defaultValue' | 'onChange'> {
  /** imask options (lib/masks.ts); read once, when the input mounts. */
  mask: FactoryArg;
  /** The masked text, as shown. */
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A text input shaped by an imask mask as it is typed (react-hook-form: through a Controller).
 * imask owns the element's value and caret; React only hands values in and hears them back.
 */
export function MaskedInput({ mask, value, onValueChange, ...inputProps }: MaskedInputProps) {
  const element = useRef<HTMLInputElement>(null);
  const instance = useRef<InputMask<FactoryArg> | null>(null);
  const onChange = useRef(onValueChange);
  onChange.current = onValueChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mask is read once, on mount
  useEffect(() => {
    if (!element.current) return;
    const masked = IMask(element.current, mask);
    masked.value = value;
    masked.on('accept', () => onChange.current(masked.value));
    instance.current = masked;
    return () => {
      masked.destroy();
      instance.current = null;
    };
  }, []);

  // A value set from outside (a form reset) goes through the mask too.
  useEffect(() => {
    const masked = instance.current;
    if (masked && masked.value !== value) masked.value = value;
  }, [value]);

  return <input ref={element} defaultValue={value} {...inputProps} />;
}
