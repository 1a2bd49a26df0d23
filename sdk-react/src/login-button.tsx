import type { ButtonColor, ButtonLang, ButtonType } from '@gid/sdk';
import { type HTMLAttributes, useCallback, useRef } from 'react';
import { useGidContext } from './use-gid';

/**
 * export interface GidLoginButtonProps
 * @example
 * <GidLoginButton type="compact" color="dark" mode="popup" lang="en" returnTo="/tickets" className="login" />
 */
export interface GidLoginButtonProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'color'> {
  /** Shape: `standard` (default), `compact` or `icon`. */
  type?: ButtonType;
  /** Colour: `primary` (default), `secondary` or `dark`. */
  color?: ButtonColor;
  /** How this button signs in; default `redirect`. */
  mode?: 'redirect' | 'popup';
  /** The button's language, `ru` or `en`; default the document's (`<html lang>`), else `ru`. */
  lang?: ButtonLang;
  /** A path on this site to come back to after a redirect sign-in; default: the current page. */
  returnTo?: string;
}

/**
 * «Войти с Газпром ID»: an element the SDK renders its own button into, so it looks and behaves
 * exactly like the script-tag button (spec 7.2). `lang` picks its words (`ru`, `en`; default the document's language).
 * The button is drawn as early as it can be: as the
 * element is attached when the provider's client exists, else the moment `init` makes that client
 * (before the remote config is in). Other props go to the wrapping `<div>`.
 * @example <GidLoginButton type="compact" color="dark" mode="popup" />
 */
export function GidLoginButton({ type, color, mode, lang, returnTo, onClickCapture, ...rest }: GidLoginButtonProps) {
  const { buttons, remember } = useGidContext('GidLoginButton');
  const detach = useRef<() => void>(undefined);
  // A ref callback runs as React attaches the element (before the browser paints it) and never on
  // the server; new props detach the old slot and attach a new one, redrawing the button.
  const slot = useCallback(
    (element: HTMLDivElement | null) => {
      detach.current?.();
      detach.current = element ? buttons.attach(element, { type, color, mode, lang }) : undefined;
    },
    [buttons, type, color, mode, lang],
  );
  // The SDK's button signs in itself; its click passes here first (capture), before anything leaves.
  return (
    <div
      {...rest}
      ref={slot}
      onClickCapture={(event) => {
        remember(returnTo, mode);
        onClickCapture?.(event);
      }}
    />
  );
}
