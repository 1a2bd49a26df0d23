import { resolve } from 'node:path';
import { defaultConfig, type IdentityProviderConfig, LOCAL_IDP_URL, type ServerConfig } from './config';
import { createYookassaProvider, parseNotifyFrom } from './features/payment/yookassa';
import { demoLoggerOptions } from './http/demo-console';
import { loggerOptions } from './http/log-redaction';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { smtpTransport } from './messaging/letter-queue';
import { DEFAULT_WEB_DIR, noPaymentProvider, type StartOptions } from './start';

/**
 * What the environment asks of a start (main.ts), read in one place so that `config:check` prints the
 * same verdict a start would act on: the start's options, what a production start refuses (it exits
 * with these), what it warns about, and the lines a person needs (where things are).
 */
export interface EnvironmentReading {
  options: StartOptions;
  refusals: string[];
  warnings: string[];
  summary: string[];
  demo: boolean;
}

/** The sender letters carry in demo mode when MAIL_FROM is not set. */
export const DEMO_MAIL_FROM = 'Герои (демо) <noreply@geroi.example>';

const ADDRESS = /[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+/;

export function readEnvironment(env: NodeJS.ProcessEnv, repoRoot: string): EnvironmentReading {
  const refusals: string[] = [];
  const warnings: string[] = [];
  const summary: string[] = [];
  const demo = env.GID_DEMO === '1';

  /**
   * `<NAME>_AUTH_URL`, `<NAME>_CLIENT_ID`, `<NAME>_CLIENT_SECRET`: a provider, the local idp by default.
   * `<NAME>_TOKEN_URL` (+ `_REVOCATION_URL`, `_JWKS_URL`) for one without a discovery document.
   */
  const localIdp = env.IDP_PORT ? `http://127.0.0.1:${env.IDP_PORT}` : LOCAL_IDP_URL;
  const provider = (name: string, clientId: string): IdentityProviderConfig => ({
    issuer: env[`${name}_AUTH_URL`] || localIdp,
    clientId: env[`${name}_CLIENT_ID`] || clientId,
    clientSecret: env[`${name}_CLIENT_SECRET`] || undefined,
    // {NAME}_VERIFIES_CONTACTS=1/0: whether the provider's verified e-mail or phone is proof (by default GID and Google yes, VK no).
    verifiesContacts: env[`${name}_VERIFIES_CONTACTS`] ? env[`${name}_VERIFIES_CONTACTS`] === '1' : undefined,
    endpoints: env[`${name}_TOKEN_URL`]
      ? {
          token: env[`${name}_TOKEN_URL`]!,
          revocation: env[`${name}_REVOCATION_URL`] || undefined,
          jwks: env[`${name}_JWKS_URL`] || undefined,
          authorization: env[`${name}_AUTHORIZE_URL`] || undefined,
        }
      : undefined,
  });
  if (!demo && !env.GID_AUTH_URL) warnings.push('GID_AUTH_URL is not set: sign-in with Gazprom ID goes to the local demo idp');

  /** TRUST_PROXY: a hop count (`1`) or the proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`); never "every hop". */
  let trustProxy: TrustProxy | undefined;
  if (env.TRUST_PROXY) {
    try {
      trustProxy = parseTrustProxy(env.TRUST_PROXY);
    } catch (error) {
      refusals.push((error as Error).message);
    }
  }

  // The payment provider: the sandbox (development) or YooKassa.
  const vatCode = env.YOOKASSA_VAT_CODE ? Number(env.YOOKASSA_VAT_CODE) : undefined;
  if (vatCode !== undefined && !(Number.isInteger(vatCode) && vatCode >= 1 && vatCode <= 12))
    refusals.push(`YOOKASSA_VAT_CODE=${env.YOOKASSA_VAT_CODE}: a VAT code of 54-ФЗ (1 без НДС … 12), as YooKassa numbers them`);
  let payments: StartOptions['payments'];
  const providerName = env.PAYMENT_PROVIDER || '';
  if (!providerName) refusals.push(`${noPaymentProvider} (PAYMENT_PROVIDER=yookassa or sandbox)`);
  else if (providerName === 'sandbox') {
    if (!demo) warnings.push('PAYMENT_PROVIDER=sandbox: its pay page marks orders paid for anyone — development only');
  } else if (providerName === 'yookassa') {
    const shopId = env.YOOKASSA_SHOP_ID;
    const secretKey = env.YOOKASSA_SECRET_KEY;
    if (!shopId || !secretKey) refusals.push('PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY');
    let notifyFrom: readonly string[] | null = null;
    try {
      notifyFrom = parseNotifyFrom(env.YOOKASSA_NOTIFY_FROM);
    } catch (error) {
      refusals.push(`YOOKASSA_NOTIFY_FROM: ${(error as Error).message}`);
    }
    if (!notifyFrom && !demo)
      warnings.push(
        'YOOKASSA_NOTIFY_FROM is not set: notifications are taken from any address (each is still confirmed by asking YooKassa); "published" accepts only its ranges',
      );
    if (env.YOOKASSA_API_URL && !demo && !env.YOOKASSA_API_URL.startsWith('https://api.yookassa.ru'))
      warnings.push(`YOOKASSA_API_URL=${env.YOOKASSA_API_URL}: not YooKassa's API (a stand-in?)`);
    if (shopId && secretKey)
      payments = createYookassaProvider({
        shopId,
        secretKey,
        ...(env.YOOKASSA_API_URL ? { apiUrl: env.YOOKASSA_API_URL } : {}),
        ...(vatCode ? { vatCode } : {}),
        notifyFrom,
      });
    summary.push(
      `Payments: YooKassa (shop ${shopId ?? '?'}); notification URL: ${env.PUBLIC_URL || '<PUBLIC_URL>'}/api/payment/notification`,
    );
  } else refusals.push(`PAYMENT_PROVIDER=${providerName}: unknown provider ("yookassa" or "sandbox")`);

  // Letters: SMTP, or (development) the outbox table only.
  let mail: StartOptions['mail'];
  const from = env.MAIL_FROM || (demo ? DEMO_MAIL_FROM : '');
  if (env.SMTP_URL) {
    if (!/^smtps?:\/\//.test(env.SMTP_URL)) refusals.push('SMTP_URL must be smtp://user:password@host:587 or smtps://…:465');
    else if (!ADDRESS.test(from))
      refusals.push('SMTP_URL is set but MAIL_FROM is not: name the sender, e.g. MAIL_FROM="Герои <noreply@example.ru>"');
    else mail = { transport: smtpTransport(env.SMTP_URL), from };
    if (mail) summary.push(`Letters: SMTP (${describeUrl(env.SMTP_URL)}) from ${from}`);
  } else if (!demo) {
    if (env.MAIL_OUTBOX === '1') warnings.push('MAIL_OUTBOX=1: letters are only recorded in the outbox table, nobody receives them');
    else
      refusals.push(
        'No way to send letters: set SMTP_URL and MAIL_FROM (or MAIL_OUTBOX=1 to keep them in the outbox table, development only)',
      );
  }
  if (env.MAIL_FROM && !ADDRESS.test(env.MAIL_FROM)) refusals.push(`MAIL_FROM=${env.MAIL_FROM}: not an address`);

  // Metrics: open in demo mode; in production a bearer token or their own port.
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined;
  if (metricsPort !== undefined && !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort < 65536))
    refusals.push(`METRICS_PORT=${env.METRICS_PORT}: not a port`);
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) refusals.push('METRICS_TOKEN is shorter than 16 characters');
  if (!demo && !env.METRICS_TOKEN && metricsPort === undefined)
    warnings.push('Neither METRICS_TOKEN nor METRICS_PORT: GET /metrics and /ops/letters are not served');

  if (env.WAITLIST_OFFER_HOURS !== undefined && !(Number(env.WAITLIST_OFFER_HOURS) > 0))
    refusals.push(`WAITLIST_OFFER_HOURS=${env.WAITLIST_OFFER_HOURS}: not a positive number of hours`);

  if (!demo) {
    if (!env.PUBLIC_URL) warnings.push('PUBLIC_URL is not set: links in letters point at http://127.0.0.1');
    else if (!env.PUBLIC_URL.startsWith('https://')) warnings.push(`PUBLIC_URL=${env.PUBLIC_URL} is not https`);
    if (!env.DATABASE_URL) warnings.push('DATABASE_URL is not set: the embedded PGlite serves one process only (use PostgreSQL)');
  }

  const dataDir = resolve(env.GID_DATA_DIR ?? resolve(repoRoot, '.data'));
  const config: Partial<ServerConfig> = {
    // Production-shaped unless asked: `npm start` sets GID_DEMO=1 and PAYMENT_PROVIDER=sandbox.
    demo,
    sandbox: providerName === 'sandbox',
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    // WAITLIST_OFFER_HOURS: how long a waiting-list offer holds a freed place (24 by default).
    ...(Number(env.WAITLIST_OFFER_HOURS) > 0 ? { waitlistOfferMs: Number(env.WAITLIST_OFFER_HOURS) * 3_600_000 } : {}),
    // PAYMENT_HOLD_MS: how long an unpaid order keeps its tickets (15 minutes by default);
    // PAYMENT_SWEEP_MS with it: how often expired holds are released (a quarter of the hold, 1 s–1 min).
    ...(env.PAYMENT_HOLD_MS || vatCode
      ? {
          payment: {
            ...defaultConfig().payment,
            ...(env.PAYMENT_HOLD_MS
              ? {
                  holdMs: Number(env.PAYMENT_HOLD_MS),
                  sweepIntervalMs: env.PAYMENT_SWEEP_MS
                    ? Number(env.PAYMENT_SWEEP_MS)
                    : Math.min(60_000, Math.max(1000, Number(env.PAYMENT_HOLD_MS) / 4)),
                }
              : {}),
            sandboxSecret: '',
            ...(vatCode ? { vatCode } : {}),
          },
        }
      : {}),
    identity: { gid: provider('GID', 'demo-site'), vk: provider('VK', 'vk'), google: provider('GOOGLE', 'google') },
  };
  const options: StartOptions = {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    // DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cuts any statement (lock waits included) running longer (10 s).
    ...(env.DATABASE_STATEMENT_TIMEOUT_MS ? { statementTimeoutMs: Number(env.DATABASE_STATEMENT_TIMEOUT_MS) } : {}),
    // GID_COUNT_ROUND_TRIPS=1 (benchmarks): every answer says how many statements it took (`x-db-round-trips`).
    ...(env.GID_COUNT_ROUND_TRIPS === '1' ? { countRoundTrips: true } : {}),
    config,
    ...(payments ? { payments } : {}),
    ...(mail ? { mail } : {}),
    metrics: { token: env.METRICS_TOKEN || undefined, port: metricsPort, host: env.METRICS_HOST || undefined },
    // Demo mode (`npm start`): readable lines, one per API call or failure; production: pino's JSON per request.
    ...(demo && env.LOG_FORMAT !== 'json'
      ? {
          logger: demoLoggerOptions(env.LOG_LEVEL ?? 'info'),
          // Its request lines are info: LOG_LEVEL=warn (the benchmarks) leaves only warnings and errors.
          ...(['trace', 'debug', 'info'].includes(env.LOG_LEVEL ?? 'info') ? { demoConsole: {} } : {}),
        }
      : { logger: loggerOptions(env.LOG_LEVEL ?? 'info') }),
    webDir: env.WEB_DIR ? resolve(env.WEB_DIR) : DEFAULT_WEB_DIR,
  };
  summary.unshift(
    `Mode: ${demo ? 'demo (GID_DEMO=1)' : 'production'}; database: ${env.DATABASE_URL ? `PostgreSQL ${describeUrl(env.DATABASE_URL)}` : `PGlite in ${resolve(dataDir, 'server-db')}`}`,
  );
  if (providerName === 'sandbox') summary.push('Payments: the local sandbox (/sandbox/pay/…)');
  if (!mail) summary.push(demo ? 'Letters: the outbox table (/dev/outbox)' : 'Letters: the outbox table only (MAIL_OUTBOX=1)');
  summary.push(
    metricsPort !== undefined
      ? `Metrics: http://${env.METRICS_HOST || '127.0.0.1'}:${metricsPort}/metrics`
      : env.METRICS_TOKEN
        ? 'Metrics: /metrics with Authorization: Bearer $METRICS_TOKEN'
        : demo
          ? 'Metrics: /metrics (open in demo mode)'
          : 'Metrics: not served',
  );
  return { options, refusals, warnings, summary, demo };
}

/** host:port/path of a URL, without its user or password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(unreadable URL)';
  }
}
