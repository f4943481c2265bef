/**
 * A failure the client caused or may see: the error handler answers `statusCode` with
 * `{ "error": message }`, plus `"field": field` when the failure is about one field of a form (the
 * form shows the message under that field), and any `details` beside them (a 409's `shortages`). Throw it
 * from handlers; anything else thrown is a 500 (logged).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, {}, field);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
