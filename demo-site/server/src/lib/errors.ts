/**
 * An error the client is meant to see: its status and a Russian message (spec 8 of both documents).
 * A refusal (4xx) carries no stack: it is an answer, not a fault, never logged with one, and capturing
 * the stack was the largest single cost of turning a buyer away in an on-sale rush (bench/rush.mjs).
 */
export class HttpError extends Error {
  override readonly name: string;
  readonly statusCode: number;
  /** Fields the answer carries beside `message` (e.g. `password_required`). */
  readonly extra?: Record<string, string | number | boolean>;

  constructor(statusCode: number, message: string, extra?: Record<string, string | number | boolean>) {
    const limit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'HttpError';
    this.statusCode = statusCode;
    if (extra) this.extra = extra;
  }
}

export const messages = {
  notFound: 'Не найдено',
  badRequest: (field: string) => `Некорректные данные запроса: ${field}`,
  badJson: 'Некорректные данные запроса: тело запроса не является JSON',
  tooLarge: 'Слишком большой запрос',
  uriTooLong: 'Слишком длинный адрес запроса',
  unsupportedMediaType: 'Неподдерживаемый тип данных запроса',
  unauthorized: 'Требуется авторизация',
  tooManyRequests: 'Слишком много попыток. Попробуйте позже',
  serverError: 'Произошла ошибка, попробуйте позже',
} as const;

export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = messages.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string = messages.tooManyRequests) => new HttpError(429, message);

/** Returns the value or throws 404 when a lookup by id found nothing. */
export function found<T>(value: T | undefined | null, message?: string): T {
  if (value === undefined || value === null) throw notFound(message);
  return value;
}
