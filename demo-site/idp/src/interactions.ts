import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { AccountStore, User } from './accounts';
import { fullName } from './accounts';
import { HttpError, Router, readForm, sendHtml } from './http';
import { newNonce, page, type SafeHtml } from './pages/html';
import { codeStep, consentStep, messageStep, phoneStep, signUpStep } from './pages/sign-in';
import { formatPhone, normalizePhone } from './phone';
import { interactionPath } from './provider';
import { lockDuration, type SmsChallenges } from './sms';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export const MESSAGES = {
  invalidPhone: 'Введите телефон в формате +7XXXXXXXXXX',
  codeFormat: 'Код должен состоять из 4 цифр',
  wrongCode: 'Неверный код',
  expiredCode: 'Срок действия кода истёк, запросите новый',
  tooManyAttempts: 'Слишком много попыток, запросите новый код',
  cooldown: (seconds: number) => `Повторно запросить код можно через ${seconds} сек.`,
  tooManyCodes: 'Слишком много запросов кода. Попробуйте через час',
  tooManyCodesToday: 'Слишком много запросов кода за сутки. Попробуйте завтра',
  codesLocked: (ms: number) => `Слишком много неверных кодов. Попробуйте через ${lockDuration(ms)}`,
  nameMissing: { given_name: 'Введите имя', family_name: 'Введите фамилию' },
  nameInvalid: 'Используйте буквы, пробел или дефис, не длиннее 50 символов',
} as const;

const NAME = /^\p{L}[\p{L}' -]{0,49}$/u;

interface Deps {
  provider: Provider;
  accounts: AccountStore;
  sms: SmsChallenges;
}

/** The sign-in pages behind oidc-provider's interactions: phone → SMS code → (sign-up) → consent. */
export function interactionRoutes({ provider, accounts, sms }: Deps): Router {
  const router = new Router((ctx, error) => renderFailure(ctx, error));

  /** The interaction this browser is in; its cookie must belong to the uid in the path. */
  async function interaction(ctx: Context, uid: string | undefined): Promise<Interaction> {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== uid) throw new errors.SessionNotFound('interaction uid mismatch');
    return details;
  }

  async function clientName(details: Interaction): Promise<string> {
    const client = await provider.Client.find(String(details.params.client_id));
    return client?.clientName ?? String(details.params.client_id);
  }

  async function show(ctx: Context, details: Interaction, status = 200, errorText?: string): Promise<void> {
    const base = interactionPath(details.uid);
    const abortAction = `${base}/abort`;
    if (details.prompt.name === 'consent') {
      const user = accounts.findById(details.session?.accountId ?? '');
      const scopes = String(details.params.scope ?? '')
        .split(' ')
        .filter(Boolean);
      const body = consentStep({
        action: `${base}/confirm`,
        abortAction,
        clientName: await clientName(details),
        userName: user ? fullName(user) : 'Вы',
        scopes,
      });
      return respond(ctx, status, 'Доступ к данным', body);
    }
    if (details.prompt.name !== 'login') throw new HttpError(400, 'Этот шаг входа не поддерживается');
    const verified = sms.verifiedPhone(details.uid);
    if (verified && !accounts.findByPhone(verified)) {
      return respond(ctx, status, 'Регистрация', signUpStep({ action: `${base}/register`, abortAction, phone: formatPhone(verified) }));
    }
    const pending = sms.pendingPhone(details.uid);
    if (pending) {
      const body = codeStep({
        action: `${base}/code`,
        resendAction: `${base}/phone`,
        changePhoneAction: `${base}/change-phone`,
        abortAction,
        phone: formatPhone(pending),
        error: errorText,
      });
      return respond(ctx, status, 'Вход', body);
    }
    const body = phoneStep({ clientName: await clientName(details), action: `${base}/phone`, abortAction, error: errorText });
    return respond(ctx, status, 'Вход', body);
  }

  async function finishLogin(ctx: Context, details: Interaction, user: User): Promise<void> {
    sms.forget(details.uid);
    const result = { login: { accountId: user.id, amr: ['sms'], remember: true } };
    redirect(ctx, await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }));
  }

  router.get('/interaction/:uid', async (ctx, { uid }) => show(ctx, await interaction(ctx, uid)));

  router.post('/interaction/:uid/phone', async (ctx, { uid }) => {
    const details = await interaction(ctx, uid);
    if (details.prompt.name !== 'login') return redirect(ctx, interactionPath(details.uid));
    const form = await readForm(ctx);
    const phone = normalizePhone(form.get('phone') ?? '');
    if (!phone) {
      const base = interactionPath(details.uid);
      const body = phoneStep({
        clientName: await clientName(details),
        action: `${base}/phone`,
        abortAction: `${base}/abort`,
        phone: (form.get('phone') ?? '').slice(0, 32),
        error: MESSAGES.invalidPhone,
      });
      return respond(ctx, 400, 'Вход', body);
    }
    const issued = sms.issue(details.uid, phone, ctx.ip);
    if (!issued.sent) {
      const text =
        'waitSeconds' in issued
          ? MESSAGES.cooldown(issued.waitSeconds)
          : 'locked' in issued
            ? MESSAGES.codesLocked(sms.lockoutMs)
            : issued.tooMany === 'day'
              ? MESSAGES.tooManyCodesToday
              : MESSAGES.tooManyCodes;
      // With a code of this interaction still open, the code page says why no new one came.
      if (sms.pendingPhone(details.uid)) return show(ctx, details, 429, text);
      const base = interactionPath(details.uid);
      const body = phoneStep({
        clientName: await clientName(details),
        action: `${base}/phone`,
        abortAction: `${base}/abort`,
        phone: (form.get('phone') ?? '').slice(0, 32),
        error: text,
      });
      return respond(ctx, 429, 'Вход', body);
    }
    redirect(ctx, interactionPath(details.uid));
  });

  router.post('/interaction/:uid/change-phone', async (ctx, { uid }) => {
    const details = await interaction(ctx, uid);
    sms.forget(details.uid);
    redirect(ctx, interactionPath(details.uid));
  });

  router.post('/interaction/:uid/code', async (ctx, { uid }) => {
    const details = await interaction(ctx, uid);
    const code = ((await readForm(ctx)).get('code') ?? '').trim();
    if (!/^\d{4}$/.test(code)) return show(ctx, details, 400, MESSAGES.codeFormat);
    const outcome = sms.check(details.uid, code, ctx.ip);
    if (outcome === 'missing') return redirect(ctx, interactionPath(details.uid));
    if (outcome === 'locked') return show(ctx, details, 429, MESSAGES.codesLocked(sms.lockoutMs));
    if (outcome !== 'ok') {
      const text = { wrong: MESSAGES.wrongCode, expired: MESSAGES.expiredCode, too_many: MESSAGES.tooManyAttempts }[outcome];
      return show(ctx, details, 400, text);
    }
    const user = accounts.findByPhone(sms.verifiedPhone(details.uid) ?? '');
    // An unknown number signs up: the next page asks for the new user's name.
    return user ? finishLogin(ctx, details, user) : redirect(ctx, interactionPath(details.uid));
  });

  router.post('/interaction/:uid/register', async (ctx, { uid }) => {
    const details = await interaction(ctx, uid);
    const phone = sms.verifiedPhone(details.uid);
    if (!phone) return redirect(ctx, interactionPath(details.uid));
    const form = await readForm(ctx);
    const values = { given_name: (form.get('given_name') ?? '').trim(), family_name: (form.get('family_name') ?? '').trim() };
    const errorsFound: { given_name?: string; family_name?: string } = {};
    for (const key of ['given_name', 'family_name'] as const) {
      if (!values[key]) errorsFound[key] = MESSAGES.nameMissing[key];
      else if (!NAME.test(values[key])) errorsFound[key] = MESSAGES.nameInvalid;
    }
    if (errorsFound.given_name || errorsFound.family_name) {
      const base = interactionPath(details.uid);
      const body = signUpStep({
        action: `${base}/register`,
        abortAction: `${base}/abort`,
        phone: formatPhone(phone),
        values: { given_name: values.given_name.slice(0, 50), family_name: values.family_name.slice(0, 50) },
        errors: errorsFound,
      });
      return respond(ctx, 400, 'Регистрация', body);
    }
    return finishLogin(ctx, details, await accounts.create({ phone, ...values }));
  });

  router.post('/interaction/:uid/confirm', async (ctx, { uid }) => {
    const details = await interaction(ctx, uid);
    if (details.prompt.name !== 'consent') throw new HttpError(400, 'Этот шаг входа уже пройден');
    redirect(ctx, await provider.interactionResult(ctx.req, ctx.res, { consent: { grantId: await grantConsent(provider, details) } }));
  });

  router.post('/interaction/:uid/abort', async (ctx, { uid }) => {
    const details = await interaction(ctx, uid);
    sms.forget(details.uid);
    const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    redirect(ctx, await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }));
  });

  return router;
}

/** Grants what the consent prompt found missing, on the existing grant when there is one. */
async function grantConsent(provider: Provider, details: Interaction): Promise<string> {
  const accountId = details.session?.accountId;
  if (!accountId) throw new errors.SessionNotFound('no signed-in account for consent');
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return grant.save();
}

function respond(ctx: Context, status: number, title: string, body: SafeHtml): void {
  const nonce = newNonce();
  sendHtml(ctx, status, page({ title, body, nonce }), nonce);
}

function redirect(ctx: Context, location: string): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.status = 303;
  ctx.redirect(location);
}

/** Expired or foreign interactions, bad forms and our own bugs, as a Russian page without internals. */
function renderFailure(ctx: Context, error: unknown): void {
  if (error instanceof errors.SessionNotFound) {
    const body = messageStep('Сеанс входа истёк', 'Вернитесь на сайт, с которого начали вход, и попробуйте ещё раз.');
    respond(ctx, 400, 'Сеанс входа истёк', body);
  } else if (error instanceof HttpError) {
    respond(ctx, error.status, 'Ошибка', messageStep('Ошибка', error.message));
  } else {
    console.error('[idp] interaction failed:', error);
    respond(ctx, 500, 'Ошибка', messageStep('Что-то пошло не так', 'Попробуйте ещё раз немного позже.'));
  }
}
