// The server package's public surface: the app factory, the starter, and the pieces other parts need.
export { type BuildOptions, buildServer } from './app';
export { defaultConfig, type ServerConfig } from './config';
export { type Database, type DatabaseHandle, openPglite, openPostgres } from './db/client';
export { migrateDatabase, prepareDatabase } from './db/prepare';
export type { ServerDeps } from './deps';
export { type ExternalIdentity, linkExternalIdentity, signInWithExternalIdentity } from './features/external-identity/service';
export { type Clock, manualClock, systemClock } from './lib/clock';
export { DEFAULT_WEB_DIR, type RunningServer, type StartOptions, startServer } from './start';
