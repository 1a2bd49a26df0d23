import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentLanguage, pickLanguage } from '../lib/language';

/** Adds `name` to the reply's Vary header, keeping what is there. */
export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const names = String(current ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (names.some((item) => item.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names, name].join(', '));
}

/** The request's catalogue language (`Accept-Language`, Russian by default). */
export const requestLanguage = (request: FastifyRequest): ContentLanguage => pickLanguage(request.headers['accept-language']);

/**
 * The language a catalogue answer is written in; the answer then says it depends on Accept-Language,
 * so that a shared cache between here and the browser keeps the two languages apart.
 */
export function answerLanguage(request: FastifyRequest, reply: FastifyReply): ContentLanguage {
  addVary(reply, 'Accept-Language');
  reply.header('content-language', requestLanguage(request));
  return requestLanguage(request);
}
