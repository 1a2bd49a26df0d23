// The server package's public surface: the app factory, the starter, and the pieces other parts need.
export { type BuildOptions, buildServer } from './app';
export { defaultConfig, type ServerConfig } from './config';
export { type Database, type DatabaseHandle, openPglite, openPostgres } from './db/client';
export { migrateDatabase, prepareDatabase } from './db/prepare';
export type { ServerDeps } from './deps';
export { type ExternalIdentity, linkExternalIdentity, signInWithExternalIdentity } from './features/external-identity/service';
export { refundOrder } from './features/payment/orders';
export type { PaymentProvider } from './features/payment/provider';
export { createYookassaProvider, type YookassaOptions } from './features/payment/yookassa';
export { type Clock, manualClock, systemClock } from './lib/clock';
export { type LetterTransport, smtpTransport } from './messaging/letter-queue';
export type { EmailMessage, EmailSender } from './messaging/senders';
export { DEFAULT_WEB_DIR, type RunningServer, type StartOptions, startServer } from './start';
