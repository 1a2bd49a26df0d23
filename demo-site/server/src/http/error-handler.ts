import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client';
import { HttpError, messages } from '../lib/errors';

const cyrillic = /[а-яё]/i;

const answered = new WeakMap<FastifyRequest, string>();

/**
 * The message the error handler answered a request with (its `{ message }`), if it did: the metrics'
 * reason of a refused purchase, read here rather than by parsing the answer's JSON again.
 */
export const errorMessageOf = (request: FastifyRequest): string | undefined => answered.get(request);

/**
 * Every failure leaves as JSON `{ message }` in Russian: validation → 400 naming the field, known
 * errors with their status, anything unexpected → 500 with the specs' generic wording, never a stack.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, message } = describeError(error, request);
    // The database is away for a moment (a restart, a failover): worth trying again in a few seconds.
    if (status === 503) reply.header('retry-after', '5');
    const extra = error instanceof HttpError ? error.extra : undefined;
    answered.set(request, message);
    return reply.code(status).send(extra ? { ...extra, message } : { message });
  });

  app.setNotFoundHandler((request, reply) => {
    answered.set(request, messages.notFound);
    return reply.code(404).send({ message: messages.notFound });
  });
}

/** What an error means for the client: its status and Russian message (logs the unexpected ones). */
export function describeError(error: FastifyError | HttpError, request: FastifyRequest): { status: number; message: string } {
  if (error instanceof HttpError) {
    // An outside service (an identity provider) failed or refused: what it said goes to the log.
    if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
    else if (error.cause) request.log.info({ err: error.cause }, error.message);
    return { status: error.statusCode, message: error.message };
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const message =
      issue.message && cyrillic.test(issue.message) ? issue.message : messages.badRequest(fieldOf(issue, error.validationContext));
    return { status: 400, message };
  }

  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: messages.tooManyRequests };
  if (status === 413) return { status, message: messages.tooLarge };
  if (status === 415) return { status, message: messages.unsupportedMediaType };
  if (status >= 400 && status < 500) {
    const badJson = error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP');
    return { status: 400, message: badJson ? messages.badJson : messages.badRequest('запрос') };
  }
  if (isDatabaseUnavailable(error)) {
    // One line, no stack: during an outage every call says the same, and it is not the request's fault.
    request.log.warn({ code: databaseCode(error) }, `database unavailable: ${rootMessage(error)}`);
    return { status: 503, message: messages.serverError };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, message: messages.serverError };
}

function fieldOf(issue: { instancePath: string; keyword: string; params: Record<string, unknown> }, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
    return `лишнее поле ${[path, issue.params.keys.join(', ')].filter(Boolean).join('.')}`;
  }
  return path || (context === 'body' ? 'тело запроса' : (context ?? 'запрос'));
}

/**
 * Errors the router raises before any route or hook runs (a malformed URL, an over-long param):
 * Fastify hands them here instead of to the error handler.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') reply.code(414).send({ message: messages.uriTooLong });
  else reply.code(400).send({ message: messages.badRequest('адрес') });
}

/** The innermost error's message (drizzle wraps the driver's error as its `cause`). */
function rootMessage(error: unknown): string {
  let current = error as { message?: string; cause?: unknown };
  for (let depth = 0; current.cause && typeof current.cause === 'object' && depth < 5; depth++) current = current.cause as typeof current;
  return current.message ?? String(error);
}

function databaseCode(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}
