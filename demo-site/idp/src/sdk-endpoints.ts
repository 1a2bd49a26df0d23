import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { type AccountStore, fullName } from './accounts';
import { ANALYTICS_EVENT_PATH } from './analytics';
import type { ClientConfig } from './clients';
import { HttpError, openCors, Router, sendHtml, sendJson, singleQuery } from './http';
import { newNonce, page } from './pages/html';
import { messageStep } from './pages/sign-in';
import { type FrameKind, framePage } from './pages/widget';

export const WP_CONFIG_PATH = '/api/v1/sdk/actions/wp-config';
export const WIDGET_PATH = '/oauth2/auth/v1/requests/wafa/widget';
export const CURTAIN_PATH = '/oauth2/auth/v1/requests/wafa/web-curtain';

const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const frameQuery = z.object({
  client_id: clientIdSchema,
  // `scope` joined by `+` (decoded to spaces); informative only, the authorize request decides.
  scope: z
    .string()
    .regex(/^[a-z_]{1,32}( [a-z_]{1,32}){0,15}$/)
    .optional(),
});

interface Deps {
  provider: Provider;
  issuer: string;
  clients: ClientConfig[];
  accounts: AccountStore;
}

/** The spec's remote config (3.1) for one client; trackers point at this provider's receiver. */
export function remoteConfig(client: ClientConfig, issuer: string) {
  const { w_auth, widget_settings, web_curtain, trackers, enable_kfp, external_id } = client.remote_config;
  const trackerUrls: { goya?: string; tracking_receiver?: string } = {};
  for (const tracker of trackers) trackerUrls[tracker] = `${issuer}${ANALYTICS_EVENT_PATH}?tracker=${tracker}`;
  return { w_auth, widget_settings: { ...widget_settings }, web_curtain, trackers: trackerUrls, enable_kfp, external_id };
}

/** The endpoints and iframe pages the SDK talks to. */
export function sdkRoutes({ provider, issuer, clients, accounts }: Deps): Router {
  const byId = new Map(clients.map((client) => [client.client_id, client]));
  const router = new Router(onError);

  router.options(WP_CONFIG_PATH, (ctx) => {
    openCors(ctx);
    ctx.status = 204;
  });

  router.get(WP_CONFIG_PATH, (ctx) => {
    openCors(ctx);
    const parsed = clientIdSchema.safeParse(singleQuery(ctx).client_id);
    const client = parsed.success ? byId.get(parsed.data) : undefined;
    if (!client) {
      return sendJson(ctx, 404, {
        error: 'client_not_found',
        error_description: parsed.success ? 'No client is registered with this client_id' : 'client_id is missing or malformed',
      });
    }
    sendJson(ctx, 200, remoteConfig(client, issuer));
  });

  /** The name to greet with, when this browser already has a provider session. */
  async function signedInName(ctx: Context): Promise<string | undefined> {
    const session = await provider.Session.get(ctx);
    const user = session.accountId ? accounts.findById(session.accountId) : undefined;
    return user && fullName(user);
  }

  const frame = (kind: FrameKind) => async (ctx: Context) => {
    const parsed = frameQuery.safeParse(singleQuery(ctx));
    if (!parsed.success) throw new HttpError(400, 'Неверные параметры: нужны client_id и, по желанию, scope');
    const client = byId.get(parsed.data.client_id);
    if (!client) throw new HttpError(400, 'Сервис с таким client_id не зарегистрирован');
    const nonce = newNonce();
    const userName = await signedInName(ctx);
    const body = framePage({ kind, nonce, clientName: client.client_name, targetOrigin: client.origin, userName });
    sendHtml(ctx, 200, body, nonce, client.origin);
  };

  router.get(WIDGET_PATH, frame('widget'));
  router.get(CURTAIN_PATH, frame('web-curtain'));
  return router;
}

function onError(ctx: Context, error: unknown): void {
  const known = error instanceof HttpError;
  if (!known) console.error('[idp] sdk endpoint failed:', error);
  const status = known ? error.status : 500;
  if (ctx.path.startsWith('/api/')) {
    const description = known ? error.message : 'Internal error';
    sendJson(ctx, status, { error: known ? 'invalid_request' : 'server_error', error_description: description });
  } else {
    const nonce = newNonce();
    const text = known ? error.message : 'Попробуйте ещё раз немного позже.';
    sendHtml(ctx, status, page({ title: 'Ошибка', body: messageStep('Вход недоступен', text), nonce }), nonce);
  }
}
