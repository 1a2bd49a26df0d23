/**
 * @gid/sdk-react — «Войти с Газпром ID» for React. The public surface, in one screen: a provider
 * that owns one SDK client, the SDK's own button, and a hook with the sign-in state. Everything
 * else (flows, validation, storage, UI) is the SDK's.
 */
export type { GidFailure, GidLoginOptions, GidState, GidStatus } from './context';
export { GidLoginButton, type GidLoginButtonProps } from './login-button';
export { GidProvider, type GidProviderConfig, type GidProviderProps, type GidStorage } from './provider';
export { RequireAuth, type RequireAuthProps, withAuthenticationRequired } from './require-auth';
export { useGid } from './use-gid';
