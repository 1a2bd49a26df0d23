import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { answerLanguage, requestLanguage } from '../../http/language';
import { notFound } from '../../lib/errors';
import { idParams, noQuery } from '../../lib/schemas';
import { finished, finisherCertificate } from './certificate';
import { ParticipantFormError } from './participant';
import type { Viewer } from './present';
import { confirmTransferBody, onlineResultBody, registerBody, ticketBody, transferBody } from './schema';
import {
  cancelRegistration,
  confirmTransfer,
  getOnlineResult,
  getTicket,
  getTicketResult,
  listTickets,
  registerTicket,
  returnTicket,
  submitOnlineResult,
  ticketMessages,
  ticketResult,
  transferTicket,
} from './service';

/** The cabinet's tickets (accounts-sso §2.6, §3, §4.5, §7): lists, lifecycle actions, results. */
export const ticketsRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const viewer = async (request: FastifyRequest): Promise<Viewer> => {
      const { user } = await requireUser(deps, request);
      // Transfers are claimed by e-mail: only an address the user has confirmed counts.
      return { id: user.id, email: user.emailConfirmedAt ? user.email : null };
    };
    const list = { schema: { querystring: noQuery } };
    const byId = { schema: { params: idParams, querystring: noQuery } };

    // The lists and cards answer their catalogue texts (event, city, format) in the Accept-Language.
    for (const section of ['my', 'transfered', 'old'] as const) {
      app.get(`/api/user/tickets/${section}`, list, async (request, reply) => ({
        values: await listTickets(deps, await viewer(request), section, answerLanguage(request, reply)),
      }));
    }
    app.get('/api/user/ticket/:id', byId, async (request, reply) =>
      getTicket(deps, await viewer(request), request.params.id, answerLanguage(request, reply)),
    );

    app.put('/api/user/ticket/transfer', { schema: { body: transferBody, querystring: noQuery } }, async (request) =>
      transferTicket(deps, await viewer(request), request.body.public_id, request.body.email, requestLanguage(request)),
    );
    app.put('/api/user/ticket/confirm/transfer', { schema: { body: confirmTransferBody, querystring: noQuery } }, async (request) =>
      confirmTransfer(deps, await viewer(request), request.body.public_id, request.body.transfer_confirm),
    );
    app.put('/api/user/ticket/return', { schema: { body: ticketBody, querystring: noQuery } }, async (request) =>
      returnTicket(deps, await viewer(request), request.body.public_id),
    );
    app.put('/api/user/ticket', { schema: { body: registerBody, querystring: noQuery } }, async (request, reply) => {
      const who = await viewer(request);
      try {
        return await registerTicket(deps, who, request.body.public_id, request.body.info);
      } catch (error) {
        return formError(error, reply);
      }
    });
    app.put('/api/user/ticket/disable', { schema: { body: ticketBody, querystring: noQuery } }, async (request) =>
      cancelRegistration(deps, await viewer(request), request.body.public_id),
    );
    app.put('/api/user/ticket/online', { schema: { body: onlineResultBody, querystring: noQuery } }, async (request) =>
      submitOnlineResult(deps, await viewer(request), request.body.public_id, request.body.result),
    );
    app.get('/api/user/ticket/online/:id', byId, async (request) => getOnlineResult(deps, await viewer(request), request.params.id));

    app.get('/api/user/result/:id', byId, async (request, reply) =>
      getTicketResult(deps, await viewer(request), request.params.id, answerLanguage(request, reply)),
    );
    app.get('/api/user/certificate/result/:id', byId, async (request, reply) => {
      const { view, row } = await ticketResult(deps, await viewer(request), request.params.id);
      if (!finished(row)) throw notFound(ticketMessages.notFinisher);
      const { pdf, disposition } = await finisherCertificate(view, row, deps.clock.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', disposition)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    });
  };

/** A participant-form failure answers with the field it concerns beside the message. */
function formError(error: unknown, reply: FastifyReply) {
  if (error instanceof ParticipantFormError) return reply.code(400).send({ message: error.message, field: error.field });
  throw error;
}
