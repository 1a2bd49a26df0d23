import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** accounts-sso §5 and §9: jpg, jpeg or png pictures, 2 MB (2 097 152 bytes) each, six at most. */
export const RESULT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const RESULT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const RESULT_IMAGE_MAX_BYTES = 2_097_152;
export const RESULT_IMAGE_MAX_COUNT = 6;
export const RESULT_COMMENT_MAX = 500;

export type ImageProblem = 'type' | 'size' | 'empty';

/** Why a file cannot be a result picture, or null when it can. */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>): ImageProblem | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  const extensionOk = (RESULT_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  // Some systems give no MIME type; the extension then decides alone.
  const typeOk = file.type === '' || (RESULT_IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) return 'type';
  // An empty file is no picture: the server answers «Загрузите файл» for it too.
  if (file.size === 0) return 'empty';
  if (file.size > RESULT_IMAGE_MAX_BYTES) return 'size';
  return null;
}

export const userCompetitionSchema = z.object({
  public_id: z.string(),
  competition_type: z.optional(z.unknown()),
  value: z.optional(z.unknown()),
  comment: z.nullish(z.string()),
  images: z.optional(z.array(z.string())),
  created: z.nullish(z.string()),
});
export type UserCompetition = z.infer<typeof userCompetitionSchema>;

export const clubCompetitionSchema = z.object({
  public_id: z.string(),
  club: z.object({ public_id: z.string(), title: z.string() }),
});

export interface ResultUpload {
  /** The club's public id (the address may carry its public name). */
  clubId: string;
  competitionType: string;
  /** The result as text: `00:42:10` for a time, `10.5` for a distance. */
  value: string;
  comment: string;
  images: File[];
}

/**
 * POST /api/user/competition (signed in, multipart/form-data: competition_type, value, comment,
 * images), then PUT /api/user/club/competition/{competitionId}/{clubId} to enter the result in the
 * club (ticketing-shop §7).
 */
export async function uploadResult(upload: ResultUpload) {
  const form = new FormData();
  form.append('competition_type', upload.competitionType);
  form.append('value', upload.value);
  if (upload.comment) form.append('comment', upload.comment);
  for (const image of upload.images) form.append('images', image, image.name);
  const competition = await requestParsed(userCompetitionSchema, { url: '/api/user/competition', method: 'POST', data: form });
  const entry = await requestParsed(clubCompetitionSchema, {
    url: `/api/user/club/competition/${encodeURIComponent(competition.public_id)}/${encodeURIComponent(upload.clubId)}`,
    method: 'PUT',
  });
  return { competition, entry };
}

/** The upload; the screen shows its own success and failure (ticketing-shop §8), not the global popup. */
export function useUploadResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResult,
    meta: { globalErrors: false },
    // The club's competitions (keyed by the address's id, public id or name) may now show the result.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
