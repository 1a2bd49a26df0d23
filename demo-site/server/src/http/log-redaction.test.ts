import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log-redaction';

// Production's JSON log: URLs with their secrets replaced, and no credential that rides along on a logged object.
it('the production log writes secrets as [redacted]', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions('info') as Record<string, unknown>;
  const app = Fastify({ logger: { ...options, stream } });
  app.get('/token/:id', async (request) => {
    request.log.warn({ err: { message: 'SMTP refused', authorization: 'Basic c2hvcDpzZWNyZXQ=', password: 'hunter2' } }, 'refused');
    return {};
  });
  await app.inject({ method: 'GET', url: '/token/SECRET-SESSION?code=1234', headers: { authorization: 'Bearer SESSION-TOKEN' } });
  await app.close();
  const log = lines.join('');
  expect(log).toContain('[redacted]');
  for (const secret of ['SECRET-SESSION', '1234', 'c2hvcDpzZWNyZXQ=', 'hunter2', 'SESSION-TOKEN']) expect(log).not.toContain(secret);
  expect(redactUrl('/verify/email/abc?token=x&page=2')).toBe('/verify/email/[redacted]?token=[redacted]&page=2');
  // The waiting list's leave link (issue 35): the page and its API call.
  expect(redactUrl('/waitlist/leave/12.mac')).toBe('/waitlist/leave/[redacted]');
  expect(redactUrl('/api/waitlist/leave/12.mac')).toBe('/api/waitlist/leave/[redacted]');
});
