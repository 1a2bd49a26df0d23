import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningIdp, startIdp } from './server';
import { authorizeUrl, Browser, formAction, latestCode, type Page, tempDir } from './testing';

let idp: RunningIdp;
let dir: Awaited<ReturnType<typeof tempDir>>;
// The SMS clock: tests move it forward instead of waiting five minutes.
let offset = 0;

beforeAll(async () => {
  dir = await tempDir();
  idp = await startIdp({ demo: true, port: 0, dataDir: dir.path, now: () => Date.now() + offset });
});
afterAll(async () => {
  await idp?.close();
  await dir?.remove();
});

/** Opens the sign-in page of a fresh browser. */
async function loginPage(): Promise<{ ua: Browser; page: Page }> {
  const ua = new Browser(idp.url);
  const page = await ua.go(authorizeUrl(idp.url).url);
  expect(page.status).toBe(200);
  return { ua, page };
}

/** Opens the sign-in page and asks for a code; returns the code page. */
async function codePage(phone: string): Promise<{ ua: Browser; page: Page }> {
  const { ua, page } = await loginPage();
  return { ua, page: await ua.go(formAction(page.body, 'Получить код'), { form: { phone } }) };
}

const submitCode = (ua: Browser, page: Page, code: string) => ua.go(formAction(page.body, 'Войти'), { form: { code } });
const wrong = (code: string) => (code === '0000' ? '1111' : '0000');

describe('phone step', () => {
  it('is an accessible Russian form', async () => {
    const { page } = await loginPage();
    expect(page.body).toContain('<html lang="ru">');
    expect(page.body).toMatch(/<label for="phone">Введите ваш телефон:<\/label>/);
    expect(page.body).toContain('>Получить код</button>');
    expect(page.body).toContain('«Спортивные события (демо-сайт)»');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it.each(['12345', '+7999000000', '+1 202 555 0100', ''])('refuses %j with the format hint', async (phone) => {
    const { ua, page } = await loginPage();
    const result = await ua.go(formAction(page.body, 'Получить код'), { form: { phone } });
    expect(result.status).toBe(400);
    expect(result.body).toContain('Введите телефон в формате +7XXXXXXXXXX');
    expect(result.body).toContain('aria-invalid="true"');
  });

  it('accepts a formatted number and sends the code to the outbox', async () => {
    const { page } = await codePage('8 (999) 000-00-01');
    expect(page.body).toContain('<label for="code">Введите код из СМС</label>');
    expect(page.body).toContain('+7 999 000-00-01');
    expect(await latestCode(idp.url, '+79990000001')).toMatch(/^\d{4}$/);
    const outbox = await (await fetch(`${idp.url}/dev/outbox`)).text();
    expect(outbox).toContain('Отправленные СМС');
  });
});

describe('code step', () => {
  // A number per test: the idp's per-phone caps (60 s between codes, 5 an hour) are on here.
  let phone = '';
  let numbers = 0;
  beforeEach(() => {
    phone = `+7999444${String(++numbers).padStart(4, '0')}`;
  });

  it('asks for exactly four digits', async () => {
    const { ua, page } = await codePage(phone);
    const result = await submitCode(ua, page, '12a');
    expect(result.status).toBe(400);
    expect(result.body).toContain('Код должен состоять из 4 цифр');
  });

  it('says «Неверный код» for a wrong code', async () => {
    const { ua, page } = await codePage(phone);
    const result = await submitCode(ua, page, wrong(await latestCode(idp.url, phone)));
    expect(result.status).toBe(400);
    expect(result.body).toContain('Неверный код');
  });

  it('refuses a code older than five minutes', async () => {
    const { ua, page } = await codePage(phone);
    const code = await latestCode(idp.url, phone);
    offset += 5 * 60_000 + 1000;
    const result = await submitCode(ua, page, code);
    expect(result.body).toContain('Срок действия кода истёк, запросите новый');

    const fresh = await ua.go(formAction(result.body, 'Получить новый код'), { form: { phone } });
    const done = await submitCode(ua, fresh, await latestCode(idp.url, phone));
    // A number the idp has not seen: the right code leads on to the sign-up step.
    expect(done.body).toContain('Зарегистрироваться');
  });

  it('locks the code after five wrong tries', async () => {
    const { ua, page } = await codePage(phone);
    const code = await latestCode(idp.url, phone);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await submitCode(ua, page, wrong(code))).body).toContain('Неверный код');
    }
    expect((await submitCode(ua, page, wrong(code))).body).toContain('Слишком много попыток, запросите новый код');
    expect((await submitCode(ua, page, code)).body).toContain('Слишком много попыток, запросите новый код');
  });

  it('lets the person change the number', async () => {
    const { ua, page } = await codePage(phone);
    const back = await ua.go(formAction(page.body, 'Изменить номер'), { form: {} });
    expect(back.body).toContain('>Получить код</button>');
  });

  it('«Отмена» returns access_denied to the client', async () => {
    const { ua, page } = await codePage(phone);
    const result = await ua.go(formAction(page.body, 'Отмена'), { form: {} });
    expect(result.redirect?.searchParams.get('error')).toBe('access_denied');
  });
});

describe('sign-up of an unknown number', () => {
  it('asks for the name, then signs the new user in', async () => {
    const phone = '+79995550001';
    const { ua, page } = await codePage(phone);
    const signUp = await submitCode(ua, page, await latestCode(idp.url, phone));
    expect(signUp.body).toContain('Регистрация');

    const empty = await ua.go(formAction(signUp.body, 'Зарегистрироваться'), { form: { given_name: '', family_name: 'Сидоров<script>' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('Введите имя');
    expect(empty.body).toContain('Используйте буквы, пробел или дефис');
    expect(empty.body).not.toContain('<script>');

    const consent = await ua.go(formAction(empty.body, 'Зарегистрироваться'), { form: { given_name: 'Пётр', family_name: 'Сидоров' } });
    expect(consent.body).toContain('Пётр Сидоров, сервис');
    const done = await ua.go(formAction(consent.body, 'Разрешить'), { form: {} });
    expect(done.redirect?.searchParams.get('code')).toBeTruthy();
  });
});

describe('bad requests to the sign-in pages', () => {
  it('explains an expired or unknown interaction in Russian', async () => {
    const page = await new Browser(idp.url).go('/interaction/unknown-uid');
    expect(page.status).toBe(400);
    expect(page.body).toContain('Сеанс входа истёк');
  });

  it('refuses a form that is not a form', async () => {
    const { ua, page } = await loginPage();
    const response = await ua.request(formAction(page.body, 'Получить код'), { method: 'POST' });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain('Ожидается отправка HTML-формы');
  });
});
