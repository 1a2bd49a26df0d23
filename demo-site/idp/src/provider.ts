import Provider, { type Adapter, type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccountStore } from './accounts';
import { type ClientConfig, SCOPES, toClientMetadata } from './clients';
import { sendHtml } from './http';
import type { ProviderKeys } from './keys';
import { newNonce, page } from './pages/html';
import { loggedOutStep, logoutStep, messageStep } from './pages/sign-in';

/** The authorize parameters of spec 7.1 beyond OAuth's own; oidc-provider drops unknown ones. */
export const EXTRA_PARAMS = ['quuid', 'source', 'sid', 'cid', 'session_id', 'appmetrica_device_id', 'product_name'] as const;

export const ROUTES = {
  authorization: '/oauth2/auth',
  token: '/oauth2/token',
  end_session: '/oauth2/sessions/logout',
  jwks: '/oauth2/jwks',
  userinfo: '/oauth2/userinfo',
  revocation: '/oauth2/revoke',
  pushed_authorization_request: '/oauth2/par',
} as const;

export const interactionPath = (uid: string): string => `/interaction/${uid}`;

export interface ProviderDeps {
  issuer: string;
  clients: ClientConfig[];
  keys: ProviderKeys;
  adapter: (model: string) => Adapter;
  accounts: AccountStore;
}

/** Short printable values only: these parameters are echoed into analytics and logs downstream. */
function validateExtraParam(name: string) {
  return (_ctx: KoaContextWithOIDC, value: string | undefined): void => {
    if (value === undefined) return;
    const pattern = name === 'source' ? /^[A-Za-z0-9_-]{1,64}$/ : /^[\x21-\x7E]{1,256}$/;
    if (!pattern.test(value)) throw new errors.InvalidRequest(`${name} parameter is invalid`);
  };
}

const ERROR_TITLES: Record<string, string> = {
  invalid_client: 'Неизвестный сервис',
  invalid_redirect_uri: 'Адрес возврата не зарегистрирован',
  invalid_request: 'Неверный запрос',
  session_not_found: 'Сеанс входа истёк',
};

/** Russian error page; only the OAuth error code and description, never a stack. */
const renderError: NonNullable<Configuration['renderError']> = (ctx, out) => {
  const nonce = newNonce();
  const title = ERROR_TITLES[out.error] ?? 'Ошибка входа';
  const details = `Код ошибки: ${out.error}${out.error_description ? ` — ${out.error_description}` : ''}`;
  const body = messageStep(title, 'Вернитесь на сайт, с которого начали вход, и попробуйте ещё раз.', details);
  sendHtml(ctx, Math.max(ctx.status, 400), page({ title, body, nonce }), nonce);
};

const logoutSource: NonNullable<NonNullable<Configuration['features']>['rpInitiatedLogout']>['logoutSource'] = (ctx, form) => {
  const nonce = newNonce();
  const clientName = ctx.oidc.client?.clientName;
  sendHtml(ctx, 200, page({ title: 'Выход', body: logoutStep(form, clientName), nonce }), nonce);
};

const postLogoutSuccessSource = (ctx: KoaContextWithOIDC): void => {
  const nonce = newNonce();
  sendHtml(ctx, 200, page({ title: 'Вы вышли', body: loggedOutStep(), nonce }), nonce);
};

function configuration(deps: ProviderDeps): Configuration {
  const byId = new Map(deps.clients.map((client) => [client.client_id, client]));
  return {
    clients: deps.clients.map(toClientMetadata),
    adapter: deps.adapter,
    jwks: deps.keys.jwks as Configuration['jwks'],
    cookies: { keys: deps.keys.cookieKeys },
    findAccount: deps.accounts.findAccount,
    scopes: [...SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name'],
      phone: ['phone_number', 'phone_number_verified'],
      email: ['email', 'email_verified'],
    },
    // The state provider puts the profile claims into the ID token; sites read them from there.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // Public clients only: PKCE protects them, and no secret ever sits in the repository.
    clientAuthMethods: ['none'],
    pkce: { required: () => true },
    // Clients registered for refresh_token get one without having to ask for offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraParams: Object.fromEntries(EXTRA_PARAMS.map((name) => [name, validateExtraParam(name)])),
    routes: ROUTES,
    interactions: { url: async (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    // Browsers may call the token and userinfo endpoints only from the client's own origins.
    clientBasedCORS: (_ctx, origin, client) => {
      const config = byId.get(client.clientId);
      if (!config) return false;
      const allowed = [config.origin, ...config.redirect_uris.map((uri) => new URL(uri).origin)];
      return allowed.includes(origin);
    },
    renderError,
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 30 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 30 * 24 * 60 * 60,
    },
  };
}

/**
 * oidc-provider configured as the spec's state identity provider. Like the state provider, the
 * authorization response carries the granted `scope` next to `code` and `state` (the SDK rejects a
 * callback without `openid` in it); oidc-provider has no option for that, so the response
 * parameters are completed from the `authorization.success` event, which receives them just before
 * the redirect is built.
 */
export function createProvider(deps: ProviderDeps): Provider {
  const provider = new Provider(deps.issuer, configuration(deps));
  provider.on('authorization.success', (ctx, response) => {
    const scope = ctx.oidc.entities.AuthorizationCode?.scope;
    if (response && scope && response.code !== undefined) response.scope = scope;
  });
  provider.on('server_error', (_ctx, error) => {
    console.error('[idp] server error:', error);
  });
  return provider;
}
