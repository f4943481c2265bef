/**
 * Errors that actors throw so machines can pick the §8 text without knowing the HTTP client.
 * The real actors (src/app/actors) throw `RequestError`; fakes in tests do the same.
 */
export class RequestError extends Error {
  /** HTTP status when the server answered. */
  readonly status: number | undefined;
  /** True when no answer arrived at all (network down, CORS, timeout). */
  readonly noResponse: boolean;
  /** The `error` field of the server's JSON answer, when there was one. */
  readonly serverMessage: string | undefined;
  /** The form field the server's answer is about (its `field`), when it names one. */
  readonly field: string | undefined;

  constructor(
    message: string,
    details: {
      status?: number;
      noResponse?: boolean;
      serverMessage?: string | undefined;
      field?: string | undefined;
    } = {},
  ) {
    super(message);
    this.name = 'RequestError';
    this.status = details.status;
    this.noResponse = details.noResponse ?? false;
    this.serverMessage = details.serverMessage;
    this.field = details.field;
  }
}

/** The error's own message, or `fallback` when it has none worth showing. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return fallback;
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/**
 * The server's message about one of `fields`, keyed by that field: what a form shows under the field.
 * Empty when the error is not a server answer about one of them.
 */
export function fieldErrorOf(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!isRequestError(error) || !error.field || !error.serverMessage) return {};
  return fields.includes(error.field) ? { [error.field]: error.serverMessage } : {};
}

/**
 * What to tell the shopper when a send failed: the server's own `error` text when it refused the
 * request (a 4xx, 429 included: "Too many requests, please try again in 30 seconds"), else `fallback`
 * (no answer at all, or a server fault whose text means nothing to a shopper).
 */
export function refusalOf(error: unknown, fallback: string): string {
  if (!isRequestError(error) || !error.serverMessage || error.status === undefined) return fallback;
  return error.status >= 400 && error.status < 500 ? error.serverMessage : fallback;
}
