import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  outputDir: '../.data/test-results/playwright',
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      ...chromiumLaunchOptions,
      // Keep Chromium's popup blocker on, as people have it: popups must come from a click.
      ignoreDefaultArgs: ['--disable-popup-blocking'],
    },
  },
});
