// Check-in at the start line (issue 24) in Chromium with a fake camera: the camera "films" a QR code
// generated at test time from a ticket bought here (a y4m file; a browser launched for this spec only).
// Two scanner pages race the ticket (exactly one wins; after a delta both list the loser's duplicate),
// the winner scans it again (duplicate), a forged
// code is red, and offline two scans queue in IndexedDB and sync when the network returns.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { chromiumLaunchOptions } from '../chromium.mjs';

const siteUrl = () => process.env.E2E_SITE_URL as string;

interface Account {
  token: string;
  user: unknown;
}

async function signIn(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const response = await request.put(`${siteUrl()}/api/auth`, { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return response.json();
}

/**
 * A y4m video (4:2:0, 640×480, two identical frames; Chromium loops it) of `text` as a QR code with
 * 6-pixel modules and a quiet zone — what a phone held over the participant's screen sees.
 */
function qrVideo(text: string): string {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'L' });
  const size = qr.modules.size;
  const scale = Math.floor(Math.min(width, height) / (size + 8));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!qr.modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(
          16,
          (top + row * scale + y) * width + left + column * scale,
          (top + row * scale + y) * width + left + (column + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = join(tmpdir(), `gid-checkin-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

/** Buys `count` tickets of an upcoming format with a QR as the demo account and pays on the sandbox page. */
async function buyTickets(page: Page, request: APIRequestContext, buyer: Account, count: number) {
  const events = (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values;
  let formatId = '';
  for (const event of events) {
    for (const city of event.event_city) {
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      const format = formats.find(
        (candidate: {
          is_team: boolean;
          tickets_left: Record<string, number>;
          qr?: boolean;
          additional_fields?: { required: boolean }[];
        }) =>
          !candidate.is_team &&
          (candidate.tickets_left.athlete ?? 0) > count &&
          candidate.qr &&
          !candidate.additional_fields?.some((field) => field.required),
      );
      if (format) formatId = format.public_id;
      if (formatId) break;
    }
    if (formatId) break;
  }
  expect(formatId, 'an upcoming format with a QR').not.toBe('');
  const response = await request.post(`${siteUrl()}/api/payment`, {
    headers: { authorization: `Bearer ${buyer.token}` },
    data: { email: 'demo@geroi.example', tickets: [{ format_public_id: formatId, ticket_count: count }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  const payment = await response.json();
  await page.goto(payment.redirect_url);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/basket\/thanks/);
  const order = await (
    await request.get(`${siteUrl()}/api/order/${payment.order_id}`, { headers: { authorization: `Bearer ${buyer.token}` } })
  ).json();
  const ids = new Set<string>(
    JSON.stringify(order)
      .match(/"public_id":"([0-9a-f]{24})"/g)
      ?.map((match) => match.slice(13, -1)) ?? [],
  );
  const mine = (
    await (await request.get(`${siteUrl()}/api/user/tickets/my`, { headers: { authorization: `Bearer ${buyer.token}` } })).json()
  ).values as {
    public_id: string;
    qr_code: string | null;
    event_city: { public_id: string };
    event_format: { public_id: string };
  }[];
  const bought = mine.filter((ticket) => ticket.event_format.public_id === formatId && ticket.qr_code && ids.has(ticket.public_id));
  expect(bought.length, 'the tickets just bought, with their signed codes').toBe(count);
  return bought;
}

/** A scanner page signed in as the staff account, with the event picked. */
async function scannerPage(context: BrowserContext, title: RegExp): Promise<Page> {
  const page = await context.newPage();
  // The scanner's own errors, in the test's output when it fails.
  page.on('pageerror', (error) => console.log(`scanner page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.log(`scanner console: ${message.text()}`);
  });
  await page.goto(`${siteUrl()}/staff/checkin`);
  await page.getByRole('button', { name: title }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'В сети' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Код с ручного сканера' })).toBeEnabled();
  return page;
}

async function staffContext(browser: Browser, staff: Account, device: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'ru-RU', permissions: ['camera'] });
  await context.addInitScript(
    ([token, user, name]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('token', token as string);
        localStorage.setItem('userObj', JSON.stringify(user));
        localStorage.setItem('checkinDevice', name as string);
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    [staff.token, staff.user, device],
  );
  return context;
}

const answer = (page: Page) => page.getByRole('alert');

const step = (name: string) => console.log(`checkin.spec: ${name}`);

// One journey on a started demo; a loaded 2-core CI box needs minutes for the purchase and two browsers.
test.describe.configure({ mode: 'serial', timeout: 480_000 });

test('the scanner: a race, a duplicate, a forged code, offline scans that sync', async ({ page, request }) => {
  const staff = await signIn(request, 'staff@geroi.example', 'Staff1234');
  const buyer = await signIn(request, 'demo@geroi.example', 'Demo1234');
  const [filmed, offlineOne, offlineTwo] = await buyTickets(page, request, buyer, 3);
  const eventCityId = filmed!.event_city.public_id;
  const events = (
    await (await request.get(`${siteUrl()}/api/staff/events`, { headers: { authorization: `Bearer ${staff.token}` } })).json()
  ).values;
  const event = events.find((candidate: { event_city_id: string }) => candidate.event_city_id === eventCityId);
  const title = new RegExp(`${event.title} — ${event.city}`);

  step('bought; launching the camera browser');
  const video = qrVideo(filmed!.qr_code!);
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    // Two scanners, one ticket in front of both cameras: exactly one checks it in.
    const first = await staffContext(browser, staff, 'Стойка 1');
    const second = await staffContext(browser, staff, 'Стойка 2');
    const [one, two] = await Promise.all([scannerPage(first, title), scannerPage(second, title)]);
    step('two scanners open');
    await expect(answer(one)).toBeVisible({ timeout: 60_000 });
    await expect(answer(two)).toBeVisible({ timeout: 60_000 });
    const labels = await Promise.all([one, two].map((scanner) => answer(scanner).getAttribute('aria-label')));
    expect(labels.filter((label) => label === 'Проходите')).toHaveLength(1);
    const [winner, loser] = (await answer(one).getAttribute('aria-label')) === 'Проходите' ? [one, two] : [two, one];
    await expect(answer(winner)).toContainText('Петров Иван');
    await expect(answer(loser)).toContainText(/Уже отмечен в \d\d:\d\d, Стойка \d/);

    // The winner's camera still sees the ticket: read again, it is red, a duplicate. «Дальше» then
    // leaves it alone while it stays in view.
    await winner.getByRole('button', { name: 'Проверить ещё раз' }).click();
    await expect(answer(winner)).toContainText(/Уже отмечен в \d\d:\d\d, Стойка \d/);
    await winner.getByRole('button', { name: 'Дальше' }).click();
    await loser.getByRole('button', { name: 'Дальше' }).click();
    await expect(answer(loser)).toBeHidden();
    // With their next delta (after a scan) both scanners list the duplicate: who checked the ticket in,
    // and the loser's scan after it — the winner learns of it from the server.
    const [winnerDevice, loserDevice] = winner === one ? ['Стойка 1', 'Стойка 2'] : ['Стойка 2', 'Стойка 1'];
    const repeated = new RegExp(`№ \\d+ Петров Иван: отмечен в \\d\\d:\\d\\d, ${winnerDevice}; повторно в \\d\\d:\\d\\d, ${loserDevice}`);
    for (const scanner of [winner, loser])
      await expect(scanner.getByRole('region', { name: 'Повторные сканирования' })).toContainText(repeated, { timeout: 30_000 });

    // A forged code (the ticket's payload with another version, the signature kept), from a hand scanner.
    const [header, payload, signature] = filmed!.qr_code!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, t: offlineOne!.public_id })).toString('base64url')}.${signature}`;
    const typeCode = async (scanner: Page, code: string) => {
      // The camera pauses while an answer shows; the typed code is checked at once.
      await scanner.getByRole('textbox', { name: 'Код с ручного сканера' }).fill(code);
      await scanner.getByRole('button', { name: 'Проверить' }).click();
    };
    await typeCode(loser, forged);
    await expect(answer(loser)).toContainText('Поддельный код');
    await loser.getByRole('button', { name: 'Дальше' }).click();

    step('race, duplicate and forged code done');
    // Offline: two scans are judged by the list and the event's key, and wait in IndexedDB.
    // Whichever scanner lost the race goes on alone; the winner's context closes.
    await winner.context().close();
    await loser.context().setOffline(true);
    await expect(loser.getByRole('status').filter({ hasText: 'Нет сети' })).toBeVisible();
    for (const ticket of [offlineOne!, offlineTwo!]) {
      await typeCode(loser, ticket.qr_code!);
      await expect(answer(loser)).toHaveAttribute('aria-label', 'Проходите');
      await loser.getByRole('button', { name: 'Дальше' }).click();
    }
    await expect(loser.getByRole('status')).toContainText('Нет сети · Ожидают отправки: 2');
    await loser.context().setOffline(false);
    await expect(loser.getByRole('status')).toContainText('В сети · Ожидают отправки: 0', { timeout: 60_000 });
    const counts = await (
      await request.get(`${siteUrl()}/api/staff/events/${eventCityId}/counts`, { headers: { authorization: `Bearer ${staff.token}` } })
    ).json();
    expect(counts.checked_in).toBeGreaterThanOrEqual(3);
    // The cabinet: the tickets are used.
    const mine = (
      await (await request.get(`${siteUrl()}/api/user/tickets/my`, { headers: { authorization: `Bearer ${buyer.token}` } })).json()
    ).values;
    for (const ticket of [filmed!, offlineOne!, offlineTwo!])
      expect(mine.find((card: { public_id: string }) => card.public_id === ticket.public_id).info.offline_registered).toBe(true);
  } finally {
    await browser.close();
  }
});
