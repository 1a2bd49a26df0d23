import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventCities, eventFormats, events, organizerMessages } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { found } from '../../lib/errors';
import { noQuery } from '../../lib/schemas';
import { listAudit } from './audit';
import { createFormat, deleteFormat, organizerEvents, organizerFormats, updateEventCity, updateFormat } from './catalogue';
import { createDownloadLink, type ExportFile } from './downloads';
import { csvStream, orderColumns, orderPages, participantColumns, participantPages, xlsxStream } from './exports';
import { createGoods, deleteGoods, listGoods, updateGoods } from './goods';
import { addMember, listMembers, removeMember } from './members';
import { deliver, formatIdIn, listMessages, previewMessage, sendMessage } from './messages';
import { correctParticipant, orderDetail, searchOrders } from './orders';
import { batchCsv, createPromocodes, listPromocodes } from './promocodes';
import { refundAsOrganizer, resendTicketLetter } from './refunds';
import { cityOptions, createEvent, createEventCity, createSale, eventTypeOptions, listSales, updateSale } from './sales';
import {
  auditQuery,
  downloadLink,
  downloadParams,
  eventCityCreate,
  eventCityPatch,
  eventCityQuery,
  eventCreate,
  formatCreate,
  formatPatch,
  memberBody,
  memberDelete,
  messageAudience,
  messageCreate,
  ordersQuery,
  participantPatch,
  participantsQuery,
  productCreate,
  productPatch,
  promocodeCreate,
  publicIdParams,
  refundBody,
  saleInput,
  staffBody,
} from './schema';
import { inBody, inParams, inQuery, memberships, membershipsOf, organisationNames, organizerOf, scope } from './scope';
import { grantStaff, listStaff, revokeStaff } from './staff';
import { eventCityStats } from './stats';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file download: never cached, named for the browser. */
function download(reply: FastifyReply, type: string, name: string) {
  return reply.header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${name}"`).type(type);
}

/**
 * The back office's API (issue 31). Each route declares its scope (features/organizer/scope.ts): the least
 * role and where the request names the resource; the guard resolves it before anything else runs.
 */
export const organizerRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const catalogueChanged = () => app.catalogueChanged();
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    });

    app.get('/api/organizer/events', { schema: { querystring: noQuery }, config: scope('viewer', memberships) }, async (request) => {
      const who = organizerOf(request);
      const roles = await membershipsOf(deps, who.user.id);
      const names = await organisationNames(deps, who.organisationIds);
      return {
        ...(await organizerEvents(deps.db, who.organisationIds, roles)),
        // Every organisation of the caller, with or without events yet (a new one makes its first here).
        organisations: who.organisationIds.map((id) => ({
          public_id: names.get(id)!.publicId,
          name: names.get(id)!.name,
          role: roles.get(id)!,
        })),
      };
    });

    // Catalogue.
    app.get(
      '/api/organizer/event_city/:public_id/formats',
      { schema: { params: publicIdParams, querystring: noQuery }, config: scope('viewer', inParams('event_city', 'public_id')) },
      async (request) => organizerFormats(deps.db, organizerOf(request).eventCityId!),
    );
    app.patch(
      '/api/organizer/event_city/:public_id',
      { schema: { params: publicIdParams, body: eventCityPatch }, config: scope('manager', inParams('event_city', 'public_id')) },
      async (request) => {
        await updateEventCity(deps, organizerOf(request), request.params.public_id, request.body, catalogueChanged);
        return { ok: true };
      },
    );
    app.post(
      '/api/organizer/event_format',
      { schema: { body: formatCreate }, config: scope('manager', inBody('event_city', 'event_city_public_id')) },
      async (request, reply) => reply.code(201).send(await createFormat(deps, organizerOf(request), request.body, catalogueChanged)),
    );
    app.patch(
      '/api/organizer/event_format/:public_id',
      { schema: { params: publicIdParams, body: formatPatch }, config: scope('manager', inParams('format', 'public_id')) },
      async (request) => updateFormat(deps, organizerOf(request), request.params.public_id, request.body, catalogueChanged),
    );
    app.delete(
      '/api/organizer/event_format/:public_id',
      { schema: { params: publicIdParams }, config: scope('manager', inParams('format', 'public_id')) },
      async (request) => {
        await deleteFormat(deps, organizerOf(request), request.params.public_id, catalogueChanged);
        return { ok: true };
      },
    );

    // Sales (price tiers by date and by count) and new event cities.
    app.get(
      '/api/organizer/sales',
      { schema: { querystring: eventCityQuery }, config: scope('viewer', inQuery('event_city', 'event_city_public_id')) },
      async (request) => listSales(deps.db, organizerOf(request).eventCityId!),
    );
    app.post(
      '/api/organizer/sales',
      { schema: { body: saleInput }, config: scope('manager', inBody('event_city', 'event_city_public_id')) },
      async (request, reply) => reply.code(201).send(await createSale(deps, organizerOf(request), request.body, catalogueChanged)),
    );
    app.put(
      '/api/organizer/sales/:public_id',
      { schema: { params: publicIdParams, body: saleInput }, config: scope('manager', inParams('sale', 'public_id')) },
      async (request) => updateSale(deps, organizerOf(request), request.params.public_id, request.body, catalogueChanged),
    );
    app.post(
      '/api/organizer/event_city',
      { schema: { body: eventCityCreate }, config: scope('manager', inBody('event', 'event_public_id')) },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createEventCity(deps, organizerOf(request), request.body.event_public_id, request.body, catalogueChanged)),
    );
    app.get('/api/organizer/cities', { schema: { querystring: noQuery }, config: scope('viewer', memberships) }, async () =>
      cityOptions(deps.db),
    );

    // Dashboard.
    app.get(
      '/api/organizer/event_city/:public_id/stats',
      { schema: { params: publicIdParams, querystring: noQuery }, config: scope('viewer', inParams('event_city', 'public_id')) },
      async (request) => eventCityStats(deps.db, organizerOf(request).eventCityId!, deps.clock.now()),
    );

    // Promocodes.
    app.post(
      '/api/organizer/promocodes',
      { schema: { body: promocodeCreate }, config: scope('manager', inBody('event_city', 'event_city_public_id')) },
      async (request, reply) => reply.code(201).send(await createPromocodes(deps, organizerOf(request), request.body)),
    );
    app.get(
      '/api/organizer/promocodes',
      { schema: { querystring: eventCityQuery }, config: scope('viewer', inQuery('event_city', 'event_city_public_id')) },
      async (request) => listPromocodes(deps.db, organizerOf(request).eventCityId!),
    );
    app.get(
      '/api/organizer/promocode_batch/:public_id/codes.csv',
      { schema: { params: publicIdParams, querystring: noQuery }, config: scope('viewer', inParams('promocode_batch', 'public_id')) },
      async (request, reply) =>
        download(reply, 'text/csv; charset=utf-8', `promocodes-${request.params.public_id}.csv`).send(
          await batchCsv(deps.db, request.params.public_id),
        ),
    );

    // Orders and participants.
    app.get('/api/organizer/orders', { schema: { querystring: ordersQuery }, config: scope('viewer', memberships) }, async (request) => {
      const who = organizerOf(request);
      return searchOrders(deps.db, who.organisationIds, {
        q: request.query.q,
        limit: request.query.limit,
        eventCityId: request.query.event_city_public_id ? await eventCityIdOf(request.query.event_city_public_id) : null,
      });
    });
    app.get(
      '/api/organizer/orders/:public_id',
      { schema: { params: publicIdParams, querystring: noQuery }, config: scope('viewer', inParams('order', 'public_id')) },
      async (request) => orderDetail(deps.db, organizerOf(request).organisationIds, request.params.public_id),
    );
    app.post(
      '/api/organizer/orders/:public_id/refund',
      { schema: { params: publicIdParams, body: refundBody }, config: scope('manager', inParams('order', 'public_id')) },
      async (request) => refundAsOrganizer(deps, organizerOf(request), request.params.public_id, request.body),
    );
    app.post(
      '/api/organizer/orders/:public_id/resend',
      { schema: { params: publicIdParams }, config: scope('manager', inParams('order', 'public_id')) },
      async (request) => resendTicketLetter(deps, organizerOf(request), request.params.public_id),
    );
    app.patch(
      '/api/organizer/ticket/:public_id',
      { schema: { params: publicIdParams, body: participantPatch }, config: scope('manager', inParams('ticket', 'public_id')) },
      async (request) => correctParticipant(deps, organizerOf(request), request.params.public_id, request.body),
    );

    // Exports: streamed.
    const formatIdOf = async (eventCityId: number, formatPublicId: string | null | undefined) => {
      if (!formatPublicId) return null;
      const [row] = await deps.db
        .select({ id: eventFormats.id, eventCityId: eventFormats.eventCityId })
        .from(eventFormats)
        .where(eq(eventFormats.publicId, formatPublicId));
      return found(row?.eventCityId === eventCityId ? row : undefined).id;
    };
    const sendExport = async (
      reply: FastifyReply,
      eventCityId: number,
      eventCityPublicId: string,
      file: ExportFile,
      formatPublicId: string | null | undefined,
    ) => {
      const name = `${file.replace('.', `-${eventCityPublicId}.`)}`;
      const type = file.endsWith('.csv') ? 'text/csv; charset=utf-8' : XLSX;
      if (file.startsWith('participants')) {
        const read = participantPages(deps.db, eventCityId, await formatIdOf(eventCityId, formatPublicId ?? undefined));
        return download(reply, type, name).send(
          file.endsWith('.csv') ? csvStream(participantColumns, read) : xlsxStream('Участники', participantColumns, read),
        );
      }
      const read = orderPages(deps.db, eventCityId);
      return download(reply, type, name).send(
        file.endsWith('.csv') ? csvStream(orderColumns, read) : xlsxStream('Заказы', orderColumns, read),
      );
    };
    const exportConfig = {
      schema: { params: publicIdParams, querystring: participantsQuery },
      config: scope('viewer', inParams('event_city', 'public_id')),
    };
    for (const file of ['participants.csv', 'participants.xlsx'] as const)
      app.get(`/api/organizer/event_city/:public_id/${file}`, exportConfig, async (request, reply) =>
        sendExport(reply, organizerOf(request).eventCityId!, request.params.public_id, file, request.query.format_public_id),
      );
    const ordersExport = {
      schema: { params: publicIdParams, querystring: noQuery },
      config: scope('viewer', inParams('event_city', 'public_id')),
    };
    for (const file of ['orders.csv', 'orders.xlsx'] as const)
      app.get(`/api/organizer/event_city/:public_id/${file}`, ordersExport, async (request, reply) =>
        sendExport(reply, organizerOf(request).eventCityId!, request.params.public_id, file, null),
      );
    // The same files through a one-time link the browser follows (streams to disk; features/organizer/downloads.ts).
    app.post(
      '/api/organizer/download_link',
      { schema: { body: downloadLink }, config: scope('viewer', inBody('event_city', 'event_city_public_id')) },
      async (request, reply) => {
        const who = organizerOf(request);
        await formatIdOf(who.eventCityId!, request.body.format_public_id);
        return reply.code(201).send(await createDownloadLink(deps, who, request.body));
      },
    );
    app.get(
      '/api/organizer/download/:token',
      { schema: { params: downloadParams, querystring: noQuery }, config: scope('viewer', inParams('download', 'token')) },
      async (request, reply) => {
        const claim = request.organizerDownload!;
        return sendExport(reply, organizerOf(request).eventCityId!, claim.eventCityPublicId, claim.file, claim.formatPublicId);
      },
    );

    // Events and the shop goods tied to them.
    app.post(
      '/api/organizer/events',
      { schema: { body: eventCreate }, config: scope('manager', inBody('organisation', 'organisation_public_id')) },
      async (request, reply) => reply.code(201).send(await createEvent(deps, organizerOf(request), request.body, catalogueChanged)),
    );
    app.get('/api/organizer/event_types', { schema: { querystring: noQuery }, config: scope('viewer', memberships) }, async () =>
      eventTypeOptions(deps.db),
    );
    app.get(
      '/api/organizer/event/:public_id/products',
      { schema: { params: publicIdParams, querystring: noQuery }, config: scope('viewer', inParams('event', 'public_id')) },
      async (request) => listGoods(deps.db, await eventIdOf(request.params.public_id)),
    );
    app.post(
      '/api/organizer/products',
      { schema: { body: productCreate }, config: scope('manager', inBody('event', 'event_public_id')) },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createGoods(deps, organizerOf(request), await eventIdOf(request.body.event_public_id), request.body, catalogueChanged),
          ),
    );
    app.patch(
      '/api/organizer/products/:public_id',
      { schema: { params: publicIdParams, body: productPatch }, config: scope('manager', inParams('product', 'public_id')) },
      async (request) => updateGoods(deps, organizerOf(request), request.params.public_id, request.body, catalogueChanged),
    );
    app.delete(
      '/api/organizer/products/:public_id',
      { schema: { params: publicIdParams }, config: scope('manager', inParams('product', 'public_id')) },
      async (request) => deleteGoods(deps, organizerOf(request), request.params.public_id, catalogueChanged),
    );

    // Staff.
    app.get(
      '/api/organizer/event_city/:public_id/staff',
      { schema: { params: publicIdParams, querystring: noQuery }, config: scope('viewer', inParams('event_city', 'public_id')) },
      async (request) => listStaff(deps.db, organizerOf(request).eventCityId!),
    );
    app.post(
      '/api/organizer/staff',
      { schema: { body: staffBody }, config: scope('manager', inBody('event_city', 'event_city_public_id')) },
      async (request) => grantStaff(deps, organizerOf(request), request.body.email),
    );
    app.delete(
      '/api/organizer/staff',
      { schema: { body: staffBody }, config: scope('manager', inBody('event_city', 'event_city_public_id')) },
      async (request) => revokeStaff(deps, organizerOf(request), request.body.email),
    );

    // Messages to participants.
    app.post(
      '/api/organizer/messages/preview',
      { schema: { body: messageAudience }, config: scope('manager', inBody('event_city', 'event_city_public_id')) },
      async (request) => {
        const eventCityId = organizerOf(request).eventCityId!;
        return previewMessage(deps.db, eventCityId, await formatIdIn(deps.db, eventCityId, request.body.format_public_id));
      },
    );
    app.post(
      '/api/organizer/messages',
      { schema: { body: messageCreate }, config: scope('manager', inBody('event_city', 'event_city_public_id')) },
      async (request, reply) =>
        reply.code(202).send(await sendMessage(deps, organizerOf(request), organizerOf(request).eventCityId!, request.body)),
    );
    app.get(
      '/api/organizer/messages',
      { schema: { querystring: eventCityQuery }, config: scope('viewer', inQuery('event_city', 'event_city_public_id')) },
      async (request) => listMessages(deps.db, organizerOf(request).eventCityId!),
    );
    app.post(
      '/api/organizer/messages/:public_id/resume',
      { schema: { params: publicIdParams }, config: scope('manager', inParams('message', 'public_id')) },
      async (request, reply) => {
        const [message] = await deps.db
          .select({ id: organizerMessages.id })
          .from(organizerMessages)
          .where(eq(organizerMessages.publicId, request.params.public_id));
        void deliver(deps, message!.id).catch(() => undefined);
        return reply.code(202).send({ ok: true });
      },
    );

    // Team: the owner gives and takes roles.
    app.get(
      '/api/organizer/organisation/:public_id/members',
      { schema: { params: publicIdParams, querystring: noQuery }, config: scope('owner', inParams('organisation', 'public_id')) },
      async (request) => listMembers(deps.db, organizerOf(request).organisationId),
    );
    app.post(
      '/api/organizer/organisation/:public_id/members',
      { schema: { params: publicIdParams, body: memberBody }, config: scope('owner', inParams('organisation', 'public_id')) },
      async (request) => addMember(deps, organizerOf(request), request.body),
    );
    app.delete(
      '/api/organizer/organisation/:public_id/members',
      { schema: { params: publicIdParams, body: memberDelete }, config: scope('owner', inParams('organisation', 'public_id')) },
      async (request) => removeMember(deps, organizerOf(request), request.body.email),
    );

    // Audit.
    app.get('/api/organizer/audit', { schema: { querystring: auditQuery }, config: scope('manager', memberships) }, async (request) =>
      listAudit(deps.db, organizerOf(request).organisationIds, request.query),
    );

    async function eventIdOf(id: string) {
      const [row] = await deps.db.select({ id: events.id }).from(events).where(eq(events.publicId, id));
      return found(row).id;
    }
    async function eventCityIdOf(id: string) {
      const [row] = await deps.db.select({ id: eventCities.id }).from(eventCities).where(eq(eventCities.publicId, id));
      return row?.id ?? -1;
    }
  };
