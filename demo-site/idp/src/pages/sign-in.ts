import { html, SafeHtml } from './html';

export interface FieldOptions {
  id: string;
  label: string;
  type?: 'text' | 'tel';
  value?: string;
  error?: string;
  attrs?: SafeHtml;
}

/** A labelled input with its error tied to it through `aria-describedby`. */
export function field({ id, label, type = 'text', value = '', error, attrs }: FieldOptions): SafeHtml {
  const errorId = `${id}-error`;
  return html`<label for="${id}">${label}</label>
<input id="${id}" name="${id}" type="${type}" value="${value}" required ${attrs ?? ''}${
    error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
${error ? html`<p class="error" id="${errorId}" role="alert">${error}</p>` : ''}`;
}

const abortForm = (abortAction: string): SafeHtml =>
  html`<form method="post" action="${abortAction}"><button type="submit" class="link">Отмена</button></form>`;

export interface PhonePageOptions {
  clientName: string;
  action: string;
  abortAction: string;
  phone?: string;
  error?: string;
}

/** Step 1: the phone number («Получить код»). */
export function phoneStep(o: PhonePageOptions): SafeHtml {
  return html`<h1>Вход</h1>
<p>Сервис «${o.clientName}» запрашивает вход через Газпром ID.</p>
<form method="post" action="${o.action}" novalidate>
${field({
  id: 'phone',
  label: 'Введите ваш телефон:',
  type: 'tel',
  value: o.phone ?? '+7',
  error: o.error,
  attrs: html`autocomplete="tel" inputmode="tel" placeholder="+7XXXXXXXXXX" autofocus`,
})}
<div class="actions"><button type="submit" class="primary">Получить код</button></div>
</form>
<p class="hint">Демо-режим: тестовые номера +79990000001 и +79990000002; новый номер зарегистрирует нового пользователя.</p>
<div class="actions">${abortForm(o.abortAction)}</div>`;
}

export interface CodePageOptions {
  action: string;
  resendAction: string;
  changePhoneAction: string;
  abortAction: string;
  phone: string;
  error?: string;
}

/** Step 2: the SMS code («Введите код из СМС» → «Войти»). */
export function codeStep(o: CodePageOptions): SafeHtml {
  return html`<h1>Вход</h1>
<p>Мы отправили СМС с кодом на номер ${o.phone}.</p>
<form method="post" action="${o.action}" novalidate>
${field({
  id: 'code',
  label: 'Введите код из СМС',
  error: o.error,
  attrs: html`autocomplete="one-time-code" inputmode="numeric" maxlength="4" pattern="[0-9]{4}" autofocus`,
})}
<div class="actions"><button type="submit" class="primary">Войти</button></div>
</form>
<p class="hint">Демо-режим: СМС не отправляются, код можно посмотреть на странице <a href="/dev/outbox" target="_blank" rel="noopener">отправленных СМС</a>.</p>
<div class="actions">
<form method="post" action="${o.resendAction}"><input type="hidden" name="phone" value="${o.phone}"><button type="submit" class="secondary">Получить новый код</button></form>
<form method="post" action="${o.changePhoneAction}"><button type="submit" class="link">Изменить номер</button></form>
${abortForm(o.abortAction)}
</div>`;
}

export interface SignUpPageOptions {
  action: string;
  abortAction: string;
  phone: string;
  values?: { given_name?: string; family_name?: string };
  errors?: { given_name?: string; family_name?: string };
}

/** Step 3, only for a number the provider has not seen: the new user's name. */
export function signUpStep(o: SignUpPageOptions): SafeHtml {
  return html`<h1>Регистрация</h1>
<p>Номер ${o.phone} подтверждён. Как вас зовут?</p>
<form method="post" action="${o.action}" novalidate>
${field({ id: 'given_name', label: 'Имя', value: o.values?.given_name, error: o.errors?.given_name, attrs: html`autocomplete="given-name" autofocus` })}
${field({ id: 'family_name', label: 'Фамилия', value: o.values?.family_name, error: o.errors?.family_name, attrs: html`autocomplete="family-name"` })}
<div class="actions"><button type="submit" class="primary">Зарегистрироваться</button></div>
</form>
<div class="actions">${abortForm(o.abortAction)}</div>`;
}

/** Russian names of the scopes shown on the consent page. */
export const SCOPE_LABELS: Record<string, string> = {
  openid: 'Ваш идентификатор в Газпром ID',
  profile: 'Имя и фамилия',
  phone: 'Номер телефона',
  email: 'Адрес электронной почты',
  offline_access: 'Доступ, пока вы не выйдете (без повторного входа)',
};

export interface ConsentPageOptions {
  action: string;
  abortAction: string;
  clientName: string;
  userName: string;
  scopes: string[];
}

/** Consent: «Разрешить» / «Отказать». */
export function consentStep(o: ConsentPageOptions): SafeHtml {
  return html`<h1>Доступ к данным</h1>
<p>${o.userName}, сервис «${o.clientName}» запрашивает:</p>
<ul class="scopes">${o.scopes.map((scope) => html`<li>${SCOPE_LABELS[scope] ?? scope}</li>`)}</ul>
<div class="actions">
<form method="post" action="${o.action}"><button type="submit" class="primary">Разрешить</button></form>
<form method="post" action="${o.abortAction}"><button type="submit" class="secondary">Отказать</button></form>
</div>`;
}

/** Logout confirmation; `form` is oidc-provider's hidden form carrying its CSRF token. */
export function logoutStep(form: string, clientName: string | undefined): SafeHtml {
  return html`<h1>Выход</h1>
<p>${clientName ? html`Сервис «${clientName}» просит завершить` : 'Завершить'} сеанс в Газпром ID на этом устройстве?</p>
${new SafeHtml(form) /* built by oidc-provider itself */}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary" autofocus>Выйти</button>
<button type="submit" form="op.logoutForm" class="secondary">Отмена</button>
</div>`;
}

export function loggedOutStep(): SafeHtml {
  return html`<h1>Вы вышли</h1><p>Сеанс в Газпром ID на этом устройстве завершён.</p>`;
}

export function messageStep(title: string, message: string, details?: string): SafeHtml {
  return html`<h1>${title}</h1><p>${message}</p>${details ? html`<p class="hint">${details}</p>` : ''}`;
}
