import { useContext } from 'react';
import { GidContext, type GidContextValue, type GidState } from './context';

/** The provider's context; a component outside `<GidProvider>` is a programming error. */
export function useGidContext(component: string): GidContextValue {
  const value = useContext(GidContext);
  if (!value) throw new Error(`${component} must be used inside <GidProvider>`);
  return value;
}

/**
 * The sign-in state and actions of the nearest `<GidProvider>`.
 * @example
 * const { status, tokens, error, refresh, logout } = useGid();
 * if (status === 'authenticated') return <p>{tokens.additional_data.name}</p>;
 * @see sdk-contract.md (`callback` results)
 */
export function useGid(): GidState {
  return useGidContext('useGid').state;
}
