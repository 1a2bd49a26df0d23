import { expect, type Page } from '@playwright/test';

export const idpUrl = () => process.env.E2E_IDP_URL as string;
export const exampleUrl = () => process.env.E2E_EXAMPLE_URL as string;

/** The newest SMS code the idp's dev outbox holds for `phone`. */
export async function smsCode(phone: string): Promise<string> {
  const url = `${idpUrl()}/dev/outbox?format=json&to=${encodeURIComponent(phone)}`;
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await fetch(url)).json()) as { messages: { code: string }[] };
      code = messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/** Signs in on the idp's own pages, as a person would: phone, the SMS code, consent when asked. */
export async function signInAtIdp(page: Page, phone = '+79990000001'): Promise<void> {
  await page.getByLabel('Введите ваш телефон:').fill(phone);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Введите код из СМС').fill(await smsCode(phone));
  await page.getByRole('button', { name: 'Войти' }).click();
  const consent = page.getByRole('button', { name: 'Разрешить' });
  if (await consent.isVisible({ timeout: 3000 }).catch(() => false)) await consent.click();
}

/** Opens the example and waits until its SDK client is ready. */
export async function openExample(page: Page, query = ''): Promise<void> {
  await page.goto(`${exampleUrl()}/${query}`);
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
}

export const status = (page: Page) => page.getByRole('status');
