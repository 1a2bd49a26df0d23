// Where the example's parts live, from the environment (ARCHITECTURE.md "Ports").

/** The calls the SDK makes to the site's backend; this example's server passes them on. */
export const BACKEND_PREFIX = '/api/v0.3/backend/oauth/';

export interface Settings {
  /** This app's port; `REACT_EXAMPLE_PORT`, default 3200. */
  port: number;
  /** The identity provider; `VITE_GID_AUTH_URL`, else `IDP_PORT` on 127.0.0.1, default :4000. */
  idpUrl: string;
  /** The reference backend (the script-tag example); `GID_BACKEND_URL`, else `EXAMPLE_PORT`, default :3100. */
  backendUrl: string;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const local = (port: string) => `http://127.0.0.1:${port}`;
  return {
    port: Number(env.REACT_EXAMPLE_PORT || 3200),
    idpUrl: env.VITE_GID_AUTH_URL || local(env.IDP_PORT || '4000'),
    backendUrl: env.GID_BACKEND_URL || local(env.EXAMPLE_PORT || '3100'),
  };
}
