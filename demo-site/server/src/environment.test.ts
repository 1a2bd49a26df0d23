import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from './environment';

// What a start makes of its environment (main.ts), and `config:check` printing the same verdict.
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (env: Record<string, string>) => readEnvironment(env, '/tmp/repo');
const production = {
  PAYMENT_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_secret',
  YOOKASSA_NOTIFY_FROM: 'published',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.ru:587',
  MAIL_FROM: 'Герои <noreply@geroi.example>',
  PUBLIC_URL: 'https://geroi.example',
  DATABASE_URL: 'postgres://gid:secret@db:5432/gid',
  METRICS_TOKEN: 'a-long-scrape-token-0123',
  GID_AUTH_URL: 'https://id.example',
};

describe('the environment of a start', () => {
  it('WAITLIST_OFFER_HOURS sets how long a waiting-list offer holds its place (issue 35); nonsense refuses the start', () => {
    expect(read({ ...production, WAITLIST_OFFER_HOURS: '2' }).options.config?.waitlistOfferMs).toBe(7_200_000);
    expect(read(production).options.config?.waitlistOfferMs).toBeUndefined();
    expect(read({ ...production, WAITLIST_OFFER_HOURS: 'сутки' }).refusals).toEqual([
      'WAITLIST_OFFER_HOURS=сутки: not a positive number of hours',
    ]);
  });

  it('a complete production environment starts with no refusal or warning, YooKassa and SMTP wired', () => {
    const reading = read(production);
    expect(reading.refusals).toEqual([]);
    expect(reading.warnings).toEqual([]);
    expect(reading.options.payments?.name).toBe('yookassa');
    expect(reading.options.mail?.from).toBe('Герои <noreply@geroi.example>');
    expect(reading.options.metrics).toMatchObject({ token: 'a-long-scrape-token-0123' });
    expect(reading.summary.join('\n')).not.toContain('secret');
  });

  it('production without SMTP_URL, or without a named sender, refuses to start, as without a payment provider', () => {
    const { SMTP_URL: _url, ...noSmtp } = production;
    expect(read(noSmtp).refusals).toEqual([
      'No way to send letters: set SMTP_URL and MAIL_FROM (or MAIL_OUTBOX=1 to keep them in the outbox table, development only)',
    ]);
    const { MAIL_FROM: _from, ...noSender } = production;
    expect(read(noSender).refusals).toEqual([
      'SMTP_URL is set but MAIL_FROM is not: name the sender, e.g. MAIL_FROM="Герои <noreply@example.ru>"',
    ]);
    const { PAYMENT_PROVIDER: _provider, ...noProvider } = production;
    expect(read(noProvider).refusals[0]).toMatch(/^No payment provider is configured/);
    expect(read({ ...production, YOOKASSA_SECRET_KEY: '' }).refusals).toEqual([
      'PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY',
    ]);
    expect(read({ ...production, PAYMENT_PROVIDER: 'robokassa' }).refusals).toEqual([
      'PAYMENT_PROVIDER=robokassa: unknown provider ("yookassa" or "sandbox")',
    ]);
  });

  it('warns of what a production start would run with but should not', () => {
    const reading = read({ PAYMENT_PROVIDER: 'sandbox', MAIL_OUTBOX: '1' });
    expect(reading.refusals).toEqual([]);
    expect(reading.warnings.join('\n')).toMatch(/PAYMENT_PROVIDER=sandbox/);
    expect(reading.warnings.join('\n')).toMatch(/MAIL_OUTBOX=1/);
    expect(reading.warnings.join('\n')).toMatch(/Neither METRICS_TOKEN nor METRICS_PORT/);
    expect(reading.warnings.join('\n')).toMatch(/DATABASE_URL is not set/);
  });

  it('demo mode needs neither SMTP nor a metrics token', () => {
    const reading = read({ GID_DEMO: '1', PAYMENT_PROVIDER: 'sandbox' });
    expect(reading.refusals).toEqual([]);
    expect(reading.warnings).toEqual([]);
    expect(reading.summary).toContain('Letters: the outbox table (/dev/outbox)');
  });

  it('config:check prints the verdict and exits 1 on a refusal', async () => {
    const run = promisify(execFile);
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/cli/config-check.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', PAYMENT_PROVIDER: 'yookassa' },
    }).catch((error: { code: number; stdout: string }) => error);
    expect((failed as { code: number }).code).toBe(1);
    expect(failed.stdout).toContain('A start would REFUSE:');
    expect(failed.stdout).toContain('PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY');
    expect(failed.stdout).toContain('Not ready to start.');
  }, 60_000);
});
