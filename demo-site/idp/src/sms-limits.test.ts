import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningIdp, startIdp } from './server';
import { authorizeUrl, Browser, formAction, latestCode, type Page, tempDir } from './testing';
import { parseTrustProxy } from './trust-proxy';

// Issue 15, the idp's codes: each test is the attack, with the default caps on.
let idp: RunningIdp;
let dir: Awaited<ReturnType<typeof tempDir>>;
let offset = 0;

beforeAll(async () => {
  dir = await tempDir();
  idp = await startIdp({ demo: true, port: 0, dataDir: dir.path, now: () => Date.now() + offset });
});
afterAll(async () => {
  await idp?.close();
  await dir?.remove();
});

let numbers = 0;
const newPhone = () => `+7999555${String(++numbers).padStart(4, '0')}`;
const wrong = (code: string) => (code === '0000' ? '1111' : '0000');

async function loginPage(): Promise<{ ua: Browser; page: Page }> {
  const ua = new Browser(idp.url);
  return { ua, page: await ua.go(authorizeUrl(idp.url).url) };
}
const askCode = (ua: Browser, page: Page, phone: string, button = 'Получить код') =>
  ua.go(formAction(page.body, button), { form: { phone } });
const submitCode = (ua: Browser, page: Page, code: string) => ua.go(formAction(page.body, 'Войти'), { form: { code } });
const outboxCount = async (phone: string) =>
  ((await (await fetch(`${idp.url}/dev/outbox?format=json&to=${encodeURIComponent(phone)}`)).json()) as { messages: unknown[] }).messages
    .length;

describe('the idp’s SMS codes', () => {
  it('a resend within 60 s is refused and the earlier code keeps working', async () => {
    const phone = newPhone();
    const { ua, page } = await loginPage();
    const codePage = await askCode(ua, page, phone);
    const code = await latestCode(idp.url, phone);
    const again = await askCode(ua, codePage, phone, 'Получить новый код');
    expect(again.status).toBe(429);
    expect(again.body).toMatch(/Повторно запросить код можно через \d+ сек\./);
    expect(await outboxCount(phone)).toBe(1);
    // Another interaction (a fresh browser) is refused the same way.
    const other = await loginPage();
    expect((await askCode(other.ua, other.page, phone)).status).toBe(429);
    // A new number: the right code leads on to the sign-up step.
    expect((await submitCode(ua, again, code)).body).toContain('Зарегистрироваться');
  });

  it('re-issuing codes does not reset the guesses: 10 wrong checks per phone an hour across interactions', async () => {
    const phone = newPhone();
    let guesses = 0;
    for (let round = 0; round < 2; round++) {
      const { ua, page } = await loginPage();
      const codePage = await askCode(ua, page, phone);
      const code = await latestCode(idp.url, phone);
      for (let i = 0; i < 5; i++) {
        await submitCode(ua, codePage, wrong(code));
        guesses++;
      }
      offset += 61_000;
    }
    expect(guesses).toBe(10);
    const { ua, page } = await loginPage();
    const codePage = await askCode(ua, page, phone);
    const right = await submitCode(ua, codePage, await latestCode(idp.url, phone));
    expect(right.status).toBe(400);
    expect(right.body).toContain('Слишком много попыток, запросите новый код');
    // After the hour the phone may try again.
    offset += 60 * 60_000;
    const later = await loginPage();
    const fresh = await askCode(later.ua, later.page, phone);
    expect((await submitCode(later.ua, fresh, await latestCode(idp.url, phone))).body).toContain('Зарегистрироваться');
  });

  it('at most 5 codes per phone an hour', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { ua, page } = await loginPage();
      statuses.push((await askCode(ua, page, phone)).status);
      offset += 61_000;
    }
    expect(statuses.slice(0, 5).every((status) => status < 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(await outboxCount(phone)).toBe(5);
  });

  it('at most 20 codes an hour from one address, whatever the numbers', async () => {
    offset += 2 * 60 * 60_000;
    const { ua, page } = await loginPage();
    let current = page;
    let sent = 0;
    for (let i = 0; i < 21; i++) {
      const answer = await askCode(ua, current, newPhone());
      if (answer.status === 429) {
        expect(answer.body).toContain('Слишком много запросов кода. Попробуйте через час');
        break;
      }
      sent++;
      current = await ua.go(formAction(answer.body, 'Изменить номер'), { form: {} });
    }
    expect(sent).toBe(20);
  });
});

// Issue 20, finding 5: 10 wrong guesses an hour with no daily cap or lockout gave ~15 % a week against a
// chosen phone. Now at most 10 codes a day, and 20 wrong codes in a day lock the phone's codes for a day.
describe('a patient guesser', () => {
  const HOUR = 60 * 60_000;

  it('gets at most 10 codes a day to one phone, 5 in any hour', async () => {
    offset += 2 * HOUR;
    const phone = newPhone();
    const statuses: number[] = [];
    let last: Page | undefined;
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < 5; i++) {
        const { ua, page } = await loginPage();
        last = await askCode(ua, page, phone);
        statuses.push(last.status);
        offset += 61_000;
      }
      offset += HOUR;
    }
    expect(statuses.map((status) => status === 429)).toEqual([...Array(10).fill(false), ...Array(5).fill(true)]);
    expect(last?.body).toContain('Слишком много запросов кода за сутки. Попробуйте завтра');
    expect(await outboxCount(phone)).toBe(10);
    offset += 24 * HOUR;
    const { ua, page } = await loginPage();
    expect((await askCode(ua, page, phone)).status).toBeLessThan(400);
  });

  it('is locked out for a day after 20 wrong codes, even with the right one; the owner gets one SMS', async () => {
    offset += 2 * HOUR;
    const phone = newPhone();
    // 19 wrong codes over two hours, within the hourly caps: 5 + 5 | 5 + 4.
    for (const [round, tries] of [5, 5, 5, 4].entries()) {
      const { ua, page } = await loginPage();
      const codePage = await askCode(ua, page, phone);
      const code = await latestCode(idp.url, phone);
      for (let i = 0; i < tries; i++) expect((await submitCode(ua, codePage, wrong(code))).status).toBe(400);
      offset += round === 1 ? HOUR : 61_000;
    }
    offset += HOUR;
    const { ua, page } = await loginPage();
    const codePage = await askCode(ua, page, phone);
    const code = await latestCode(idp.url, phone);
    const locked = await submitCode(ua, codePage, wrong(code));
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Слишком много неверных кодов. Попробуйте через 24 ч.');
    expect((await submitCode(ua, codePage, code)).status).toBe(429);
    offset += 61_000;
    const other = await loginPage();
    const refused = await askCode(other.ua, other.page, phone);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Слишком много неверных кодов');
    const { messages } = (await (await fetch(`${idp.url}/dev/outbox?format=json&to=${encodeURIComponent(phone)}`)).json()) as {
      messages: { code: string; text: string }[];
    };
    const notices = messages.filter((message) => !message.code);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('много раз ввели неверный код');
    offset += 24 * HOUR;
    const later = await loginPage();
    const fresh = await askCode(later.ua, later.page, phone);
    expect((await submitCode(later.ua, fresh, await latestCode(idp.url, phone))).body).toContain('Зарегистрироваться');
  });
});

// Issue 20, finding 4: `IDP_TRUST_PROXY=1` used to mean "trust every hop", so the left-most
// X-Forwarded-For entry — written by the client — was its address for the per-address caps.
describe('behind a proxy, forged first hops buy no more codes', () => {
  it.each([
    ['a hop count', '1'],
    ['a list of proxy addresses', '127.0.0.1, 10.0.0.0/8'],
  ])('%s: the address the proxy saw is the client', async (_name, setting) => {
    const proxiedDir = await tempDir();
    const trustProxy = parseTrustProxy(setting);
    const proxied = await startIdp({ demo: true, port: 0, dataDir: proxiedDir.path, trustProxy, sms: { codesPerAddressHourly: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        // The proxy (this machine) appends the address it saw; the client wrote the entries before it.
        const ua = new Browser(proxied.url, { 'x-forwarded-for': `10.66.${i}.1, 172.16.${i}.9, 203.0.113.5` });
        const page = await ua.go(authorizeUrl(proxied.url).url);
        statuses.push((await ua.go(formAction(page.body, 'Получить код'), { form: { phone: newPhone() } })).status);
      }
      // Another client behind the same proxy has its own count: the clients are not all "the proxy".
      const other = new Browser(proxied.url, { 'x-forwarded-for': '198.51.100.9' });
      const page = await other.go(authorizeUrl(proxied.url).url);
      statuses.push((await other.go(formAction(page.body, 'Получить код'), { form: { phone: newPhone() } })).status);
      expect(statuses.map((status) => status === 429)).toEqual([false, false, false, true, true, false]);
    } finally {
      await proxied.close();
      await proxiedDir.remove();
    }
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.example'])('IDP_TRUST_PROXY=%s is refused, never read as "every hop"', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/IDP_TRUST_PROXY/);
  });
});

describe('without demo mode', () => {
  it('serves no SMS outbox', async () => {
    const prodDir = await tempDir();
    const prod = await startIdp({ port: 0, dataDir: prodDir.path });
    try {
      expect((await fetch(`${prod.url}/dev/outbox?format=json`)).status).toBe(404);
      expect(await (await fetch(`${prod.url}/`)).text()).not.toContain('/dev/outbox');
    } finally {
      await prod.close();
      await prodDir.remove();
    }
  });
});
