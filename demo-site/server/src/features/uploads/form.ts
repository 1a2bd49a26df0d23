import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { cleanFileName, type FileKind, type SniffedType, sniffFileType } from '../../lib/file-type';

/** A file part read whole into memory (the limits keep it small), with its type judged by content. */
export interface ReceivedFile {
  field: string;
  name: string;
  content: Buffer;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export interface FormLimits {
  /** The form's file field names (`images` also arrives as `images[]`). */
  fileFields: string[];
  maxFiles: number;
  maxFileBytes: number;
  tooLarge: string;
  tooMany: string;
  /** Non-file fields allowed; others are refused. */
  textFields: string[];
}

export const uploadMessages = {
  noFile: 'Загрузите файл',
  fileTooLarge: 'Размер файла больше допустимого!',
  imageTooLarge: 'Размер изображения слишком большой',
  unsupported: 'Неподдерживаемый формат',
  oneFile: 'Можно загрузить только один файл',
  tooManyImages: 'Можно загрузить не больше 6 изображений',
  notMultipart: 'Отправьте форму с файлами (multipart/form-data)',
  badForm: 'Некорректные данные формы',
  unknownField: (name: string) => `Некорректные данные запроса: лишнее поле ${name}`,
} as const;

/** A multipart error of @fastify/multipart or busboy, by its code. */
const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;

/**
 * Reads a whole multipart form within its limits before anything is written: every limit broken is
 * a 400 with the spec's wording, so a refused upload leaves no trace.
 */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw badRequest(uploadMessages.notMultipart);
  const form: ReceivedForm = { fields: Object.create(null), files: [] };
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: limits.textFields.length,
        // Room for one part more than allowed, so a surplus file reports the files limit, not this one.
        parts: limits.maxFiles + limits.textFields.length + 2,
        // Roomy enough that an over-long comment is refused by its own rule, with its own message.
        fieldSize: 16_384,
        fieldNameSize: 64,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      const field = part.fieldname.replace(/\[\]$/, '');
      if (part.type === 'file') {
        if (!limits.fileFields.includes(field)) throw badRequest(uploadMessages.unknownField(part.fieldname));
        const content = await part.toBuffer();
        form.files.push({ field, name: cleanFileName(part.filename), content });
      } else {
        if (!limits.textFields.includes(field)) throw badRequest(uploadMessages.unknownField(part.fieldname));
        if (part.valueTruncated || typeof part.value !== 'string') throw badRequest(uploadMessages.badForm);
        form.fields[field] = part.value;
      }
    }
  } catch (error) {
    switch (codeOf(error)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw badRequest(limits.tooLarge);
      case 'FST_FILES_LIMIT':
        throw badRequest(limits.tooMany);
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
      case 'FST_PROTO_VIOLATION':
      case 'FST_MP_PREMATURE_CLOSE':
        throw badRequest(uploadMessages.badForm);
      default:
        if (error instanceof Error && !('statusCode' in error)) throw badRequest(uploadMessages.badForm);
        throw error;
    }
  }
  return form;
}

/** The type of each file by content, or 400 «Неподдерживаемый формат» when one is not of the allowed kinds. */
export function checkTypes(files: ReceivedFile[], allowed: FileKind[]): (ReceivedFile & { type: SniffedType })[] {
  return files.map((file) => {
    if (file.content.length === 0) throw badRequest(uploadMessages.noFile);
    const type = sniffFileType(file.content);
    if (!type || !allowed.includes(type.kind)) throw badRequest(uploadMessages.unsupported);
    return { ...file, type };
  });
}
