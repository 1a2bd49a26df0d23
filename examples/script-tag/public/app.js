// The integration a site copies: init once, log in by redirect or popup, receive the result in callback.
const { authUrl, clientId } = window.EXAMPLE_CONFIG;
const status = document.getElementById('status');
const result = document.getElementById('result');

const show = (text, data) => {
  status.textContent = text;
  result.textContent = data ? JSON.stringify(data, null, 2) : '';
};

const ready = GidSdk.init({
  clientId,
  authUrl,
  redirectUri: `${location.origin}/`,
  backendUrl: location.origin,
  postLogoutUri: `${location.origin}/`,
  scope: ['openid', 'profile', 'phone'],
  callback: (outcome) => {
    if (outcome.ok) show('Вы вошли.', outcome.tokens);
    else show(`Ошибка авторизации: ${outcome.error_description}`, outcome);
  },
}).catch((error) => {
  show(`Ошибка инициализации: ${error.message}`);
  throw error;
});

document.getElementById('login-redirect').addEventListener('click', async () => {
  const gid = await ready;
  gid.login({ mode: 'redirect' });
});

let client;
ready.then((gid) => {
  client = gid;
});
// Popup mode must call login() synchronously inside the click, so the client is kept at hand.
document.getElementById('login-popup').addEventListener('click', () => {
  client?.login({ mode: 'popup' }).catch((error) => show(error.message, { code: error.code }));
});
