import type { FactoryArg, InputMask } from 'imask';
import { type ComponentPropsWithoutRef, type FormEvent, useEffect, useRef } from 'react';

interface MaskedInputProps extends Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'defaultValue' | 'onChange'> {
  /** imask options (lib/masks.ts); read once, when the input mounts. */
  mask: FactoryArg;
  /** The masked text, as shown. */
  value: string;
  onValueChange: (value: string) => void;
}

type IMaskModule = typeof import('imask');
let imask: Promise<IMaskModule> | undefined;
/** imask (15 KB gzip) in a chunk of its own, asked for once: not on the path to a page's first paint. */
export const loadIMask = (): Promise<IMaskModule> => {
  imask ??= import('imask');
  imask.catch(() => {
    imask = undefined;
  });
  return imask;
};

/**
 * A text input shaped by an imask mask as it is typed (react-hook-form: through a Controller).
 * imask owns the element's value and caret; React only hands values in and hears them back.
 *
 * imask loads after the page's first paint (and at once on focus, if that comes first), so a page
 * with a phone or date field does not wait for it. Until it is there the input is a plain one whose
 * text goes up as typed; imask then masks what is already in it.
 */
export function MaskedInput({ mask, value, onValueChange, onFocus, ...inputProps }: MaskedInputProps) {
  const element = useRef<HTMLInputElement>(null);
  const instance = useRef<InputMask<FactoryArg> | null>(null);
  const onChange = useRef(onValueChange);
  onChange.current = onValueChange;
  const wanted = useRef<() => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mask is read once, on mount
  useEffect(() => {
    let live = true;
    let idle: number | undefined;
    const attach = () => {
      wanted.current = () => {};
      if (idle !== undefined) cancelIdle(idle);
      loadIMask()
        .then(({ default: IMask }) => {
          const input = element.current;
          if (!live || !input || instance.current) return;
          const typed = input.value;
          const masked = IMask(input, mask);
          masked.value = typed;
          // Typed before imask came: the caret goes after the masked text, where the typing goes on.
          if (input.ownerDocument.activeElement === input) masked.cursorPos = masked.value.length;
          masked.on('accept', () => onChange.current(masked.value));
          instance.current = masked;
          if (masked.value !== typed) onChange.current(masked.value);
        })
        .catch(() => undefined);
    };
    wanted.current = attach;
    // After the first paint, when the main thread is free.
    idle = onIdle(attach);
    return () => {
      live = false;
      if (idle !== undefined) cancelIdle(idle);
      instance.current?.destroy();
      instance.current = null;
    };
  }, []);

  // A value set from outside (a form reset) goes through the mask too.
  useEffect(() => {
    const masked = instance.current;
    if (masked) {
      if (masked.value !== value) masked.value = value;
    } else if (element.current && element.current.value !== value) element.current.value = value;
  }, [value]);

  return (
    <input
      ref={element}
      defaultValue={value}
      onFocus={(event) => {
        wanted.current();
        onFocus?.(event);
      }}
      // Before imask is there: the plain text goes up as typed.
      onInput={(event: FormEvent<HTMLInputElement>) => {
        if (!instance.current) onChange.current(event.currentTarget.value);
      }}
      {...inputProps}
    />
  );
}

const onIdle = (run: () => void): number =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1500 }) : (setTimeout(run, 200) as unknown as number);
const cancelIdle = (id: number) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(id) : clearTimeout(id));
