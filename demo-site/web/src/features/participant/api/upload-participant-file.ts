import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

/** ticketing-shop §5 / §9: participant files of pdf, jpeg, png or jpg, 4 MB at most. */
export const PARTICIPANT_FILE_MAX_BYTES = 4 * 1024 * 1024;
export const PARTICIPANT_FILE_EXTENSIONS = ['pdf', 'jpeg', 'png', 'jpg'] as const;
export const PARTICIPANT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** Why a file cannot be sent, or null when it can (the server judges the content again). */
export function participantFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'type' | 'size' | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  const extensionOk = (PARTICIPANT_FILE_EXTENSIONS as readonly string[]).includes(extension);
  // Some systems give no MIME type; the extension then decides alone.
  const typeOk = file.type === '' || (PARTICIPANT_FILE_TYPES as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) return 'type';
  if (file.size > PARTICIPANT_FILE_MAX_BYTES) return 'size';
  return null;
}

export const uploadedFileSchema = z.object({
  public_id: z.string(),
  name: z.nullish(z.string()),
  url: z.nullish(z.string()),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** POST /api/user/file (signed in, multipart `file`): a licence or a cluster document. */
export function uploadParticipantFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return requestParsed(uploadedFileSchema, { url: '/api/user/file', method: 'POST', data: form, ...(signal ? { signal } : {}) });
}
