import type { FastifyInstance } from 'fastify';
import { HttpError, messages } from '../lib/errors';

/**
 * JSON bodies, where an empty body is no body: the site's HTTP client sends `Content-Type:
 * application/json` on every call (ticketing-shop §7), also on PUTs that carry nothing.
 */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, messages.badJson), undefined);
    }
  });
}
