import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { IdentityProviders } from './features/identity-providers/provider';
import type { PaymentProvider } from './features/payment/provider';
import type { Clock } from './lib/clock';
import type { GeoLocator } from './lib/geo';
import type { EmailSender, SmsSender } from './messaging/senders';

/** Everything the server talks to, passed in (never imported as singletons) so tests swap any part. */
export interface ServerDeps {
  db: Database;
  clock: Clock;
  email: EmailSender;
  sms: SmsSender;
  geo: GeoLocator;
  /** GID and the social networks (`createIdentityProviders(config.identity)`). */
  providers: IdentityProviders;
  /** The payment provider (the sandbox by default). */
  payments: PaymentProvider;
  config: ServerConfig;
}
