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
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ message: error.message });

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const message =
        issue.message && cyrillic.test(issue.message) ? issue.message : messages.badRequest(fieldOf(issue, error.validationContext));
      return reply.code(400).send({ message });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: messages.tooManyRequests });
    if (status === 413) return reply.code(413).send({ message: messages.tooLarge });
    if (status === 415) return reply.code(415).send({ message: messages.unsupportedMediaType });
    if (status >= 400 && status < 500) {
      const badJson = error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP');
      return reply.code(400).send({ message: badJson ? messages.badJson : messages.badRequest('запрос') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: messages.serverError });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: messages.notFound }));
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
