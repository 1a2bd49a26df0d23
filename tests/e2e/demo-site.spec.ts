// Browsing the demo ticketing site as a person does: the server serves the built web app and /api.
import { expect, type Page, test } from '@playwright/test';

const siteUrl = () => process.env.E2E_SITE_URL as string;
const basket = (page: Page, count: number) => page.getByRole('link', { name: `Корзина, товаров: ${count}` });

test('calendar → event → format → the basket counter', async ({ page }) => {
  await page.goto(siteUrl());
  await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Календарь' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Календарь событий' })).toBeVisible();
  await expect(basket(page, 0)).toBeVisible();
  await page.locator('main a[href^="/calendar/"]').first().click();
  await expect(page).toHaveURL(/\/calendar\/[^/]+$/);
  await page.getByRole('button', { name: 'Добавить в корзину' }).first().click();
  await expect(basket(page, 1)).toBeVisible();
});

test('shop → product → size → the basket counter', async ({ page }) => {
  await page.goto(`${siteUrl()}/shop`);
  await page.locator('main a[href^="/shop/product/"]').first().click();
  await expect(page).toHaveURL(/\/shop\/product\//);
  await expect(page.getByRole('button', { name: 'Добавить в корзину' })).toBeVisible();
  const sizes = page.getByRole('radio');
  if ((await sizes.count()) > 1) {
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await expect(page.getByRole('alert')).toHaveText('Выберите размер');
    // A person clicks the size's label.
    await page.locator('label.size-option:not(.size-option--disabled)').first().click();
  }
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(basket(page, 1)).toBeVisible();
});

test('the language switch turns the site to English and is remembered', async ({ page }) => {
  await page.goto(siteUrl());
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('link', { name: 'Calendar' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Calendar' }).first()).toBeVisible();
});

test('unknown paths show the not-found page; /docs goes home; unknown API paths stay JSON', async ({ page, request }) => {
  await page.goto(`${siteUrl()}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await page.goto(`${siteUrl()}/docs`);
  await expect(page).toHaveURL(`${siteUrl()}/`);
  const api = await request.get(`${siteUrl()}/api/no/such/call`);
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Не найдено' });
});

test('home: the carousel turns with Swiper without moving the page; a story opens and leads to its events', async ({ page }) => {
  await page.goto(siteUrl());
  const carousel = page.getByRole('region', { name: 'Главные события' });
  const before = await carousel.boundingBox();
  await carousel.getByRole('button', { name: 'Следующий слайд' }).click();
  await expect(page.locator('.swiper-initialized')).toBeVisible();
  await expect(carousel.getByText(/^2 \/ \d+$/)).toBeVisible();
  expect(await carousel.boundingBox()).toEqual(before);
  await page.keyboard.press('ArrowLeft');
  await expect(carousel.getByText(/^1 \/ \d+$/)).toBeVisible();

  const stories = page.getByRole('region', { name: 'Истории' });
  const first = stories.getByRole('button').first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  const story = page.getByRole('dialog', { name: title });
  await expect(story).toBeVisible();
  await story.getByRole('link', { name: 'События в календаре' }).click();
  await expect(page).toHaveURL(/\/calendar\?type=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Календарь событий' })).toBeVisible();
});
