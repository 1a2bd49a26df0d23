// The integration a site copies: init once, log in by redirect or popup, receive the result in
// callback, refresh and log out through the site's own backend.
const { authUrl, clientIds } = window.EXAMPLE_CONFIG;
const status = document.getElementById('status');
const result = document.getElementById('result');
const signedIn = document.getElementById('signed-in');
// `?coop=1` returns to a callback page sent with Cross-Origin-Opener-Policy: same-origin.
const query = new URLSearchParams(location.search);
const coop = query.has('coop');
// `?client=example-curtain`: the same page registered with the web curtain on.
const clientId = clientIds.includes(query.get('client')) ? query.get('client') : clientIds[0];
let tokens;

const show = (text, data) => {
  status.textContent = text;
  result.textContent = data ? JSON.stringify(data, null, 2) : '';
  signedIn.hidden = !tokens;
};

const ready = GidSdk.init({
  clientId,
  authUrl,
  redirectUri: coop ? `${location.origin}/callback.html` : `${location.origin}/`,
  backendUrl: location.origin,
  postLogoutUri: `${location.origin}/`,
  scope: ['openid', 'profile', 'phone'],
  // `?fallback=1`: when the browser blocks the popup, continue by redirect.
  popupFallbackToRedirect: query.has('fallback'),
  // `?curtain=popup`: the widget and the curtain sign in by popup.
  webCurtainLoginType: query.get('curtain') === 'popup' ? 'popup' : 'redirect',
  buttons: [{ container: '#gid-button' }],
  callback: (outcome) => {
    if (outcome.ok) {
      tokens = outcome.tokens;
      const name = tokens.additional_data?.name;
      show(name ? `Вы вошли как ${name}.` : 'Вы вошли.', tokens);
    } else show(`Ошибка авторизации: ${outcome.error_description}`, outcome);
  },
});

let client;
ready.then(
  (gid) => {
    client = gid;
    document.body.dataset.ready = 'true';
  },
  (error) => show(`Ошибка инициализации: ${error.message}`),
);

const onClick = (id, action) => document.getElementById(id).addEventListener('click', action);
// Sign-in failures reach `callback`; these few are only the promise's to report.
const OWN_ERRORS = ['POPUP_ALREADY_OPEN', 'CONFIG_ERROR', 'LOGOUT_ERROR'];
const report = (error) => OWN_ERRORS.includes(error.code) && show(error.message, { code: error.code });

onClick('login-redirect', () => client?.login({ mode: 'redirect' }).catch(report));
// Popup mode must call login() synchronously inside the click: the client is kept at hand.
onClick('login-popup', () => client?.login({ mode: 'popup' }).catch(report));
onClick('refresh', () => client?.refresh(tokens.refresh_token).catch(report));
onClick('logout', () => client?.logout(tokens.access_token, { idToken: tokens.id_token }).catch(report));
