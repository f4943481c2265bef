/**
 * What a request must be before a handler sees it: a body only in a media type the contract accepts,
 * JSON without prototype-pollution keys, valid Unicode text without NUL, and schemas checked by AJV
 * that rejects instead of repairing.
 */
import formbody from '@fastify/formbody';
// ajv and ajv-formats are Fastify's own validator (installed with it); we build two instances of it
// so bodies and query strings can follow different coercion rules.
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { isWellFormedText } from '../infra/text';
import { appWide } from './app-wide';

export const BODY_LIMIT = 1024 * 1024;

/** A route's config for an operation whose request body the contract makes optional (`required: false`). */
export interface OptionalBodyConfig {
  optionalBody?: boolean;
}

/** A route's config: the body fields (dotted paths) the contract marks `x-multiline: true`. */
export interface MultilineConfig {
  multilineFields?: readonly string[];
}

function createValidators() {
  const common = {
    // OpenAPI keywords such as `example` are not JSON Schema vocabulary; ignore rather than refuse them.
    strict: false,
    allErrors: false,
    useDefaults: true,
    addUsedSchema: false,
  } as const;
  // Bodies arrive typed (JSON): a "2" is not a 2, and an unknown field is a client mistake to report.
  const body = new Ajv({ ...common, coerceTypes: false, removeAdditional: false });
  // Query strings and path params are text by nature: integers in them must be coerced.
  const text = new Ajv({ ...common, coerceTypes: true, removeAdditional: false });
  addFormats.default(body);
  addFormats.default(text);
  return { body, text };
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function decodePointer(segment: string) {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function fieldLabel(instancePath: string, part: string) {
  const segments = instancePath.split('/').slice(1).map(decodePointer);
  if (segments.length === 0) return part === 'body' ? 'body' : part === 'querystring' ? 'query' : part;
  // A products map entry is keyed by a product id: name the quantity, not the uuid.
  if (segments.length === 2 && segments[0] === 'products') return `quantity of product "${segments[1]}"`;
  // Inside an array, the whole path names which one: `lines[2].quantity`, not just `quantity`.
  if (segments.some((segment) => /^\d+$/.test(segment)))
    return segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  return segments[segments.length - 1] ?? part;
}

/** Turns the first AJV error into a sentence such as `firstName must be at least 2 characters`. */
export function describeValidationError(error: ErrorObject, part: string): string {
  const field = fieldLabel(error.instancePath, part);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const where = error.instancePath === '' ? (part === 'querystring' ? 'query' : part) : field;
      return `Unknown field "${String(params.additionalProperty)}" in ${where}`;
    }
    case 'required':
      return `${error.instancePath === '' ? '' : `${field}.`}${String(params.missingProperty)} is required`;
    case 'type': {
      const types = String(params.type).split(',');
      const words = types.map((t) => TYPE_WORDS[t] ?? t);
      const phrase = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
      return `${field} must be ${phrase}`;
    }
    case 'minLength':
      return params.limit === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${params.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${params.limit} characters`;
    case 'minimum':
      return `${field} must be at least ${params.limit}`;
    case 'maximum':
      return `${field} must be at most ${params.limit}`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined)?.map(String).join(', ');
      return `${field} must be one of: ${allowed}`;
    }
    case 'minProperties':
      return field === 'products'
        ? 'products must contain at least one product'
        : `${field} must have at least ${params.limit} entries`;
    case 'maxProperties':
      return `${field} must have at most ${params.limit} entries`;
    case 'propertyNames':
      return `${field} has an invalid key "${String(params.propertyName)}"`;
    case 'format':
      return `${field} must be a valid ${String(params.format)}`;
    case 'pattern':
      return `${field} has an invalid format`;
    default:
      return `${field} is invalid`;
  }
}

// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate would be stored as U+FFFD (silently
// changing what was sent), so such input is refused up front (not a 500 or a repair).

/** What is wrong with one string (a value or a key), or null. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain NUL characters';
  if (!isWellFormedText(text)) return 'Text must be valid Unicode';
  return null;
}

// Stored text is printed by operators' terminals and couriers' tools, where a control character moves
// the cursor, erases lines or makes a hyperlink (docs/security.md row 16). A body's strings hold none
// (C0, DEL, C1); a multi-line field may hold line breaks and tabs.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/**
 * One walk of a parsed body, query or params (values and keys): the first NUL or lone surrogate
 * anywhere, as its message; else, for a body (`multiline` given: the contract's `x-multiline` fields,
 * as dotted paths), the first field holding a control character — `<field> must not contain control
 * characters`, the field a dotted path or the key itself. Null when all is well.
 */
function problemIn(value: unknown, body?: { multiline: readonly string[] }): string | null {
  // Nothing to walk (a GET's body): no stack to allocate on the hottest routes.
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return textProblem(value);
  // Iterative walk: a deeply nested body must not be able to overflow the stack.
  const stack: Array<[unknown, string]> = [[value, '']];
  let control: string | null = null;
  let visited = 0;
  while (stack.length > 0 && ++visited <= 1_000_000) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return problem;
      if (body && control === null) {
        // Line breaks and tabs around a value are whitespace the handlers trim (a pasted field), not text.
        const rule = body.multiline.includes(path) ? CONTROL_BUT_LINES : CONTROL;
        if (rule.test(current) && rule.test(current.trim())) control = path || 'body';
      }
    } else if (current !== null && typeof current === 'object') {
      const array = Array.isArray(current);
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        const item = (current as Record<string, unknown>)[key];
        if (array) {
          stack.push([item, body ? `${path}[${key}]` : '']);
          continue;
        }
        const problem = textProblem(key);
        if (problem) return problem;
        if (!body) {
          stack.push([item, '']);
          continue;
        }
        if (control === null && CONTROL.test(key)) control = path ? `a key of ${path}` : 'a key of the body';
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return control === null ? null : `${control} must not contain control characters`;
}

/**
 * JSON.parse plus a refusal of prototype-pollution keys, with distinct messages for each failure
 * (Fastify's built-in parser reports all of them as one generic error).
 */
function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new HttpError(400, 'Request body is required');
  try {
    return JSON.parse(text, (key, value) => {
      if (
        key === '__proto__' ||
        (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)
      ) {
        throw new HttpError(400, 'Request body contains a forbidden key (__proto__ or constructor)');
      }
      return value;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof RangeError) throw new HttpError(400, 'Request body is nested too deeply');
    throw new HttpError(400, 'Malformed JSON in request body');
  }
}

function mediaTypeOf(request: FastifyRequest): string | null {
  const header = request.headers['content-type'];
  if (typeof header !== 'string' || header.trim() === '') return null;
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

function contentTypeError(allowed: string[]) {
  return new HttpError(
    415,
    allowed.includes('application/json')
      ? 'Content-Type must be application/json'
      : `Content-Type must be ${allowed.join(' or ')}`,
  );
}

export const requestValidationPlugin = appWide('statefront-request-validation', async (app) => {
  const validators = createValidators();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? validators.body.compile(schema) : validators.text.compile(schema),
  );

  // Text bodies have no operation that accepts them; without a parser Fastify answers 415.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // Declared by the contract only as a response type (the sandbox page); registering a refusing parser
  // turns an HTML body into a clean 415 and quiets openapi-glue's "parser not found" warning.
  app.addContentTypeParser('text/html', (_request, _payload, done) => {
    done(new HttpError(415, 'Content-Type text/html is not accepted'), undefined);
  });

  // Bodies: the contract's media type only, and a body must be there when the contract requires one.
  // (Callback style: this runs on every request, and an async hook costs a promise and a tick more.)
  app.addHook('preValidation', (request, _reply, done) => {
    let failure: Error | undefined;
    try {
      checkRequest(request);
    } catch (error) {
      failure = error as Error;
    }
    done(failure);
  });
});

function checkRequest(request: FastifyRequest) {
  // No GET or HEAD operation takes a body (this skips a costly routeOptions read on catalogue reads).
  const bodySchema =
    request.method === 'GET' || request.method === 'HEAD'
      ? undefined
      : (request.routeOptions.schema as { body?: { content?: Record<string, unknown> } } | undefined)?.body;
  const allowed = bodySchema?.content ? Object.keys(bodySchema.content) : [];
  if (allowed.length > 0) {
    const mediaType = mediaTypeOf(request);
    const absent = request.body === undefined || request.body === null;
    if (absent || mediaType === null) {
      if (mediaType !== null && !allowed.includes(mediaType)) throw contentTypeError(allowed);
      // The contract's `requestBody.required: false`: no body at all is a request like any other.
      if (!(absent && (request.routeOptions.config as OptionalBodyConfig).optionalBody === true))
        throw new HttpError(400, 'Request body is required');
    } else if (!allowed.includes(mediaType)) throw contentTypeError(allowed);
  }
  // A body with a contract schema is stored text: control characters are refused there too.
  const body = bodySchema
    ? { multiline: (request.routeOptions.config as MultilineConfig).multilineFields ?? [] }
    : undefined;
  const problem = problemIn(request.body, body) ?? problemIn(request.query) ?? problemIn(request.params);
  if (problem) throw new HttpError(400, problem);
}
