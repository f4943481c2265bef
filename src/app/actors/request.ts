import { RequestError } from '../../../machines/errors';

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

function serverMessageOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'error' in error) {
    const message = (error as { error: unknown }).error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** The `field` of an error answer: the form field the message belongs under. */
function fieldOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'field' in error) {
    const field = (error as { field: unknown }).field;
    if (typeof field === 'string' && field !== '') return field;
  }
  return undefined;
}

/**
 * Await an openapi-fetch call and return its data, or throw a RequestError the machines understand:
 * `noResponse` when fetch itself failed, else the status, the server's `error` text and the `field` it
 * names. `fallback` is
 * the message when the server gave none (spec §8 texts).
 */
export async function call<T>(
  request: Promise<FetchResult<T>>,
  fallback: string,
  options: { noResponseMessage?: string } = {},
): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await request;
  } catch (cause) {
    const error = new RequestError(options.noResponseMessage ?? fallback, { noResponse: true });
    error.cause = cause;
    throw error;
  }
  if (result.response.ok && result.data !== undefined) return result.data;
  const serverMessage = serverMessageOf(result.error);
  throw new RequestError(serverMessage ?? fallback, {
    status: result.response.status,
    serverMessage,
    field: fieldOf(result.error),
  });
}

/** GET /accountInfo may answer the object itself or wrap it in `data` (spec §7). */
export function unwrapData<T>(body: T | { data: T }): T {
  if (typeof body === 'object' && body !== null && 'data' in body && typeof body.data === 'object') {
    return (body as { data: T }).data;
  }
  return body as T;
}
