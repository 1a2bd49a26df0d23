import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, messages } from '../lib/errors';

const cyrillic = /[а-яё]/i;

/**
 * Every failure leaves as JSON `{ message }` in Russian: validation → 400 naming the field, known
 * errors with their status, anything unexpected → 500 with the specs' generic wording, never a stack.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, message } = describeError(error, request);
    const extra = error instanceof HttpError ? error.extra : undefined;
    return reply.code(status).send(extra ? { ...extra, message } : { message });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: messages.notFound }));
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
