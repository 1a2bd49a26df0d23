/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The identity provider's origin; default http://127.0.0.1:4000. */
  readonly VITE_GID_AUTH_URL?: string;
  /** The client registered at the provider; default `example-react`. */
  readonly VITE_GID_CLIENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
