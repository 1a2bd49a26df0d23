import type { ButtonColor, ButtonType } from '@gid/sdk';
import { type HTMLAttributes, useEffect, useRef } from 'react';
import { useGidContext } from './use-gid';

export interface GidLoginButtonProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'color'> {
  /** Shape: `standard` (default), `compact` or `icon`. */
  type?: ButtonType;
  /** Colour: `primary` (default), `secondary` or `dark`. */
  color?: ButtonColor;
  /** How this button signs in; default `redirect`. */
  mode?: 'redirect' | 'popup';
}

/**
 * «Войти с Газпром ID»: an empty element the SDK renders its own button into once the provider's
 * client is ready, so it looks and behaves exactly like the script-tag button (spec 7.2).
 * Other props go to the wrapping `<div>`.
 * @example <GidLoginButton type="compact" color="dark" mode="popup" />
 */
export function GidLoginButton({ type, color, mode, ...rest }: GidLoginButtonProps) {
  const { client } = useGidContext('GidLoginButton');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!client || !ref.current) return;
    return client.renderButton?.(ref.current, { type, color, mode });
  }, [client, type, color, mode]);
  return <div {...rest} ref={ref} />;
}
