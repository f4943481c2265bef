/**
 * Every failure is answered `{ "error": "…" }` as JSON with the right 4xx; 5xx only for true server
 * faults, which are logged and never explained to the client.
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorObject } from 'ajv';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { HttpError } from '../errors';
import { MAX_PARAM_LENGTH } from '../http/api';
import { appWide } from './app-wide';
import { describeValidationError } from './request-validation';

interface ErrorLike {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  validation?: ErrorObject[];
  validationContext?: string;
}

/**
 * Connection-level failures of node-postgres (server refusing or dropping connections, a restart in
 * progress, the pool timing out): the database is unreachable, not the request wrong. SQLSTATE class
 * 08 is a connection exception; 57P01-57P03 are an administrator shutdown, a crash shutdown and
 * "cannot connect now" (starting up).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)/i;

function isDatabaseUnavailable(raw: unknown): boolean {
  // Drizzle wraps driver errors (DrizzleQueryError.cause); look a few levels down.
  let error = raw as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 4 && error && typeof error === 'object'; depth++) {
    const code = typeof error.code === 'string' ? error.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
    if (typeof error.message === 'string' && UNAVAILABLE_MESSAGE.test(error.message)) return true;
    error = error.cause as typeof error;
  }
  return false;
}

/** The driver's own message (Drizzle's wrapper repeats the query and its parameters: no logging those). */
function rootCause(raw: unknown): string {
  let error = raw as { message?: unknown; cause?: unknown } | undefined;
  while (error?.cause && typeof error.cause === 'object') error = error.cause as typeof error;
  return typeof error?.message === 'string' ? error.message : String(raw);
}

/**
 * What a 500's log line says about an error. Drizzle's query error repeats the statement and its
 * parameters (shoppers' names, addresses, emails, tokens) in its message and `params`; the line keeps
 * the driver's own error under it (message, code, stack), and a driver error's `detail` (which quotes
 * the offending values) is left out too.
 */
export function loggableError(raw: unknown): unknown {
  const error = raw as { params?: unknown; query?: unknown; cause?: unknown } | null;
  if (!error || typeof error !== 'object' || !('params' in error && 'query' in error)) return raw;
  const cause = error.cause as { name?: unknown; code?: unknown; stack?: unknown } | undefined;
  return {
    type: 'DrizzleQueryError',
    message: rootCause(raw),
    ...(typeof cause?.code === 'string' ? { code: cause.code } : {}),
    ...(typeof cause?.stack === 'string' ? { stack: cause.stack } : {}),
  };
}

/** Seconds a client is asked to wait while the database is unreachable (a restart takes a few). */
const UNAVAILABLE_RETRY_AFTER_S = 5;

export function classifyError(raw: unknown): {
  status: number;
  message: string;
  headers: Record<string, string>;
  /** The form field a 400 is about (`{ error, field }`), so the form can show it under that field. */
  field?: string;
  /** Fields a 4xx carries beside `error` (HttpError's `details`). */
  details?: Record<string, unknown>;
} {
  if (raw instanceof HttpError) {
    if (raw.statusCode >= 500 && raw.statusCode !== 501)
      return { status: raw.statusCode, message: 'Internal server error', headers: raw.headers };
    return {
      status: raw.statusCode,
      message: raw.message,
      headers: raw.headers,
      field: raw.field,
      details: raw.details,
    };
  }
  const error = (raw ?? {}) as ErrorLike;
  if (Array.isArray(error.validation) && error.validation[0]) {
    return {
      status: 400,
      message: describeValidationError(error.validation[0], error.validationContext ?? 'body'),
      headers: {},
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'Request body is too large (limit 1 MB)', headers: {} };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Content-Type must be application/json', headers: {} };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Request body is required', headers: {} };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Content-Length does not match the body', headers: {} };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: 'Malformed URL (invalid percent-encoding)', headers: {} };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // The router's maxParamLength (server/app.ts); its own message repeats the whole URL.
      return {
        status: 414,
        message: `A path segment is longer than ${MAX_PARAM_LENGTH} characters`,
        headers: {},
      };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message = typeof error.message === 'string' ? error.message : '';
    if (/prototype property/i.test(message)) {
      return {
        status: 400,
        message: 'Request body contains a forbidden key (__proto__ or constructor)',
        headers: {},
      };
    }
    if (raw instanceof SyntaxError || /JSON/i.test(message)) {
      return { status: 400, message: 'Malformed JSON in request body', headers: {} };
    }
    return { status, message: message || 'Bad request', headers: {} };
  }
  if (isDatabaseUnavailable(raw)) {
    return {
      status: 503,
      message: 'The shop is briefly unavailable, please try again in a moment',
      headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) },
    };
  }
  return { status: 500, message: 'Internal server error', headers: {} };
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing (an undecodable URL like /%) skip the
 * error handler; they get the same shape here.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const { status, message } = classifyError(error);
  request.log.info({ status, reason: message }, 'client error');
  // The reply here is typed for a generic route; this one has no schema, so any status is fine.
  (reply as FastifyReply).code(status).type('application/json; charset=utf-8').send({ error: message });
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser rejects (oversized headers or URL,
 * garbage) never reach Fastify; they are answered on the socket in the same shape.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error,
  socket,
) => {
  if (socket.destroyed || !socket.writable) return;
  const code = (error as NodeJS.ErrnoException).code;
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    error:
      status === 431
        ? 'Request headers or URL are too large'
        : status === 408
          ? 'Request timed out'
          : 'Malformed HTTP request',
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/** The error handler of every route (errors before routing: frameworkErrors, clientErrorHandler above). */
export const errorHandlerPlugin = appWide('statefront-error-handler', async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const { status, message, headers, field, details } = classifyError(error);
    if (status === 503) {
      // One line per request, not a stack each: a database restart would otherwise flood the log.
      request.log.warn({ reason: rootCause(error) }, 'database unavailable');
    } else if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
    } else {
      request.log.info({ status, reason: message }, 'client error');
    }
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send({ ...details, error: message, ...(field === undefined ? {} : { field }) });
  });
});
