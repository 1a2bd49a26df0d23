import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { badRequest, messages } from '../../lib/errors';
import { contentDisposition } from '../../lib/file-type';
import { idParams, noQuery, publicId } from '../../lib/schemas';
import { checkTypes, readForm, uploadMessages } from './form';
import { competitionFields, fileCompetitionToClub, findOwnFile, saveParticipantFile, submitCompetitionResult } from './service';

const MB = 1024 * 1024;
/** ticketing-shop §5 / §9: participant files up to 4 MB. */
const PARTICIPANT_FILE_BYTES = 4 * MB;
/** accounts-sso §5 / §9: competition images up to 2 097 152 bytes, 6 at most. */
const IMAGE_BYTES = 2 * MB;
const MAX_IMAGES = 6;

const cyrillic = /[а-яё]/i;

/** Validates the text fields of a multipart form like a JSON body: the first failure, in Russian. */
function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse({ ...fields });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(cyrillic.test(issue.message) ? issue.message : messages.badRequest(issue.path.join('.') || 'форма'));
}

/**
 * Uploads (ticketing-shop §5 participant files, accounts-sso §5 competition images): multipart forms,
 * types judged by content, sizes and counts limited while reading, nothing stored unless all is well.
 */
export const uploadsRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered here only: multipart parsing exists for these routes and no others.
    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: PARTICIPANT_FILE_BYTES, files: MAX_IMAGES, fields: 5, parts: 12, fieldSize: 16_384, headerPairs: 100 },
    });

    const limit = deps.config.rateLimits.uploads;
    const rateLimit = { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };

    app.post('/api/user/file', { schema: { querystring: noQuery }, config: rateLimit }, async (request) => {
      const { user } = await requireUser(deps, request);
      const form = await readForm(request, {
        fileFields: ['file'],
        maxFiles: 1,
        maxFileBytes: PARTICIPANT_FILE_BYTES,
        tooLarge: uploadMessages.fileTooLarge,
        tooMany: uploadMessages.oneFile,
        textFields: [],
      });
      const [file] = checkTypes(form.files, ['pdf', 'jpeg', 'png']);
      if (!file) throw badRequest(uploadMessages.noFile);
      return saveParticipantFile(deps.db, deps.clock.now(), user.id, file);
    });

    app.get('/api/user/file/:id', { schema: { params: idParams, querystring: noQuery } }, async (request, reply) => {
      const { user } = await requireUser(deps, request);
      const file = await findOwnFile(deps.db, user.id, request.params.id);
      const extension = file.mime === 'application/pdf' ? 'pdf' : file.mime === 'image/png' ? 'png' : 'jpg';
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', contentDisposition('inline', file.name, `${file.publicId}.${extension}`))
        .send(file.data);
    });

    app.post('/api/user/competition', { schema: { querystring: noQuery }, config: rateLimit }, async (request) => {
      const { user } = await requireUser(deps, request);
      const form = await readForm(request, {
        fileFields: ['images'],
        maxFiles: MAX_IMAGES,
        maxFileBytes: IMAGE_BYTES,
        tooLarge: uploadMessages.imageTooLarge,
        tooMany: uploadMessages.tooManyImages,
        textFields: ['competition_type', 'value', 'comment'],
      });
      const fields = parseFields(competitionFields, form.fields);
      const images = checkTypes(form.files, ['jpeg', 'png']);
      return submitCompetitionResult(deps.db, deps.clock.now(), user.id, fields, images);
    });

    const filingParams = z.strictObject({ competitionId: publicId, clubId: publicId });
    app.put(
      '/api/user/club/competition/:competitionId/:clubId',
      { schema: { params: filingParams, querystring: noQuery } },
      async (request) => {
        const { user } = await requireUser(deps, request);
        return fileCompetitionToClub(deps.db, deps.clock.now(), user.id, request.params.competitionId, request.params.clubId);
      },
    );
  };
