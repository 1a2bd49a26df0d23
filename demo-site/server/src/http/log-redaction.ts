import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Page paths whose last part is a secret: a session token (`/token/{id}`, a sign-in link from a letter)
 * or a one-time link code. They are ordinary GETs of the web app, so without this every one of them
 * would be written to the server's log — and whoever reads the log could sign in as that person.
 */
const SECRET_PATH = /^(\/(?:token|verify\/resetpassword|verify\/email|verify\/new\/email|waitlist\/leave|api\/waitlist\/leave)\/)[^/?#]+/;

/** Query parameters that carry a token, a code, or a guest order's id (a guest's order is read by it). */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'access_token', 'id_token', 'refresh_token', 'order']);

const REDACTED = '[redacted]';

/** The URL as the log may show it: secrets in the path and the query replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url.slice(queryAt + 1);
  const parts = query.split('&').map((part) => {
    const name = decodeURIComponentSafe(part.split('=')[0] ?? '').toLowerCase();
    return SECRET_PARAMS.has(name) ? `${part.split('=')[0]}=${REDACTED}` : part;
  });
  return `${path}?${parts.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether the URL carries one of those secrets (its page must not be kept in any cache either). */
export const carriesSecret = (url: string): boolean => redactUrl(url) !== url;

/** The server's logger (pino) options: the level, and requests logged with their URLs redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // Secrets that could ride along on a logged object (an error's request options, a body) never reach the log.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.authorization', '*.password', '*.secretKey', '*.secret_key', '*.pass'],
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
