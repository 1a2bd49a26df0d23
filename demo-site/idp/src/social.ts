import type { Middleware } from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AccountStore } from './accounts';
import type { ClientConfig } from './clients';

/**
 * The social-network stand-ins answer like VK does: the token response itself carries `user_id`
 * and, when `email` was granted, `email`, so a site asking only for `scope=email` (no `openid`,
 * hence no ID token or userinfo) still learns who signed in.
 */
export function socialTokenExtras(clients: ClientConfig[], accounts: AccountStore): Middleware {
  const social = new Set(clients.filter((client) => client.social).map((client) => client.client_id));
  return async (ctx, next) => {
    await next();
    const { oidc } = ctx as unknown as Partial<KoaContextWithOIDC>;
    if (oidc?.route !== 'token' || ctx.status !== 200 || !social.has(oidc.client?.clientId ?? '')) return;
    const body = ctx.body as Record<string, unknown> | undefined;
    const user = accounts.findById(oidc.entities.Grant?.accountId ?? '');
    if (!body || typeof body.access_token !== 'string' || !user) return;
    body.user_id = user.id;
    const scopes = typeof body.scope === 'string' ? body.scope.split(' ') : [];
    if (scopes.includes('email') && user.email) body.email = user.email;
  };
}
