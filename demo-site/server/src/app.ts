import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerDeps } from './deps';
import { accountRoutes } from './features/accounts/routes';
import { bannerRoutes } from './features/banners/routes';
import { basketRoutes } from './features/basket/routes';
import { checkinRoutes } from './features/checkin/routes';
import { clubRoutes } from './features/clubs/routes';
import { deliveryRoutes } from './features/delivery/routes';
import { devOutboxRoutes } from './features/dev-outbox/routes';
import { documentsRoutes } from './features/documents/routes';
import { emailAuthRoutes } from './features/email-auth/routes';
import { eventRoutes } from './features/events/routes';
import { formatRoutes } from './features/formats/routes';
import { gidRoutes } from './features/gid/routes';
import { imageRoutes } from './features/images/routes';
import { insuranceRoutes } from './features/insurances/routes';
import { locationRoutes } from './features/locations/routes';
import { newsRoutes } from './features/news/routes';
import { obrnadzorRoutes } from './features/obrnadzor/routes';
import { type OperatorOptions, operatorRoutes } from './features/operator/routes';
import { organizerRoutes } from './features/organizer/routes';
import { installOrganizerScope } from './features/organizer/scope';
import { unsubscribeRoutes } from './features/organizer/unsubscribe-routes';
import { passwordResetRoutes } from './features/password-reset/routes';
import { paymentRoutes } from './features/payment/routes';
import { temporaryPaymentRoutes } from './features/payment/temporary-payment-routes';
import { profileRoutes } from './features/profile/routes';
import { promocodeRoutes } from './features/promocodes/routes';
import { addressKey } from './features/rate-limits/address';
import { resultRoutes } from './features/results/routes';
import { saleRoutes } from './features/sales/routes';
import { sandboxPaymentRoutes } from './features/sandbox-payment/routes';
import { sessionRoutes } from './features/sessions/routes';
import { shopRoutes } from './features/shop/routes';
import { shopOrdersRoutes } from './features/shop-orders/routes';
import { signInProviderRoutes } from './features/sign-in-providers/routes';
import { smsAuthRoutes } from './features/sms-auth/routes';
import { socialRoutes } from './features/social/routes';
import { supportRoutes } from './features/support/routes';
import { ticketsRoutes } from './features/tickets/routes';
import { uploadsRoutes } from './features/uploads/routes';
import { userInsurancesRoutes } from './features/user-insurances/routes';
import { waitlistRoutes } from './features/waitlist/routes';
import { installAnswerCompression } from './http/compression';
import { installDemoConsole } from './http/demo-console';
import { frameworkErrors, installErrorHandlers } from './http/error-handler';
import { installJsonParser } from './http/json-body';
import { installRequestMetrics } from './http/metrics';
import { postgresRateLimitStore } from './http/rate-limit-store';
import { clientIp } from './http/request';
import { installResponseCache } from './http/response-cache';
import { installSecurityHeaders } from './http/security-headers';
import { fastifyTrustProxy } from './http/trust-proxy';
import { HttpError, messages } from './lib/errors';

export interface BuildOptions {
  /** Fastify's logger (pino) options; off by default so tests stay quiet. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Demo mode's console (http/demo-console.ts): a readable line per API call or failure instead of
   * Fastify's JSON line per request. Production leaves it off and keeps JSON.
   */
  demoConsole?: { write?: (line: string) => void };
  /** Called for every route as it is added (tests enumerate the routes this way). */
  onRoute?: (route: RouteOptions) => void;
  /** The operator's endpoints' extras: metrics (then counted per request), their token, draining. */
  operator?: OperatorOptions;
}

/** Every feature's routes, in the order they are registered. */
const features: ((deps: ServerDeps) => FastifyPluginAsyncZod)[] = [
  eventRoutes,
  formatRoutes,
  resultRoutes,
  newsRoutes,
  clubRoutes,
  shopRoutes,
  deliveryRoutes,
  locationRoutes,
  obrnadzorRoutes,
  promocodeRoutes,
  saleRoutes,
  bannerRoutes,
  insuranceRoutes,
  emailAuthRoutes,
  smsAuthRoutes,
  socialRoutes,
  gidRoutes,
  signInProviderRoutes,
  passwordResetRoutes,
  profileRoutes,
  accountRoutes,
  sessionRoutes,
  supportRoutes,
  imageRoutes,
  basketRoutes,
  paymentRoutes,
  temporaryPaymentRoutes,
  waitlistRoutes,
  sandboxPaymentRoutes,
  ticketsRoutes,
  checkinRoutes,
  userInsurancesRoutes,
  shopOrdersRoutes,
  uploadsRoutes,
  documentsRoutes,
  organizerRoutes,
  unsubscribeRoutes,
  devOutboxRoutes,
];

/**
 * The ticketing site's API as a Fastify instance, not yet listening. Everything it talks to comes in
 * `deps`; `startServer` (start.ts) wires the real ones, tests their own.
 */
export async function buildServer(deps: ServerDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 600 },
    frameworkErrors,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
  };
  const app = Fastify(serverOptions);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.demoConsole) installDemoConsole(app, options.demoConsole.write);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);
  installJsonParser(app);

  // On https (PUBLIC_URL) browsers are told to stay there (HSTS) and to upgrade subresources; the demo
  // on plain http://127.0.0.1 gets neither. The login screen's SDK reads GID's remote config and sends
  // its analytics there, and frames its widget and web curtain from there (accounts-sso §4.4, §7.1).
  const https = deps.config.publicUrl.startsWith('https:');
  const gidOrigin = new URL(deps.config.identity.gid.issuer).origin;
  const gidSources = { connectSrc: ["'self'", gidOrigin], frameSrc: ["'self'", gidOrigin] };
  // The login screen opens GID's sign-in in a popup (accounts-sso §4.4): `same-origin` would cut the
  // popup off from the page as soon as it reaches the provider; the callback pages opt out (web-app.ts).
  const crossOriginOpenerPolicy = { policy: 'same-origin-allow-popups' as const };
  installSecurityHeaders(
    app,
    https
      ? {
          hsts: { maxAge: 31_536_000, includeSubDomains: true },
          crossOriginOpenerPolicy,
          contentSecurityPolicy: { directives: gidSources },
        }
      : {
          hsts: false,
          crossOriginOpenerPolicy,
          contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, ...gidSources } },
        },
  );
  await app.register(rateLimit, {
    global: false,
    // Counters in PostgreSQL: several server processes on one database share them.
    store: postgresRateLimitStore(deps),
    errorResponseBuilder: () => new HttpError(429, messages.tooManyRequests),
    // An IPv6 client counts by its /64 (one subscriber's whole network), an IPv4 one by its address.
    keyGenerator: (request) => addressKey(clientIp(request)),
  });
  installResponseCache(app, deps.config.responseCacheMs);
  installAnswerCompression(app);
  if (options.operator?.metrics) installRequestMetrics(app, options.operator.metrics);
  // /healthz, /readyz, /metrics, /ops/letters (features/operator).
  await app.register(operatorRoutes(deps, options.operator));
  // Before the features: the back office's guard is attached to each organiser route as it is added.
  installOrganizerScope(app, deps);
  for (const feature of features) {
    // The sandbox's pay pages mark orders paid for anyone who knows a payment id: only when it is the provider.
    if (feature === sandboxPaymentRoutes && !deps.config.sandbox) continue;
    await app.register(feature(deps));
  }
  return app;
}
