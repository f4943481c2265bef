/**
 * Hostile-input fuzzing from the contract: for every operation in openapi.yaml, fast-check generates
 * requests, some valid and most mutated (wrong types, missing and extra fields, huge and odd strings,
 * bad query values, broken JSON, wrong content types, forged tokens), and fires them at the real app.
 * Whatever comes in, the server must answer below 500, every JSON-API error must be `{ error: string }`,
 * and the server must still answer a plain request afterwards.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API, placeOrder, setupShopper, setupTestApp } from './helpers';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, unknown>; $ref?: string }>;
}
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Partial<Record<Method, Operation>>>;
};

const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  (Object.entries(item) as [Method, Operation][])
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ path, method, operation })),
);

/** Browser-facing gateway pages may answer their errors as an HTML page a shopper can read. */
const answersHtml = (operation: Operation) =>
  Object.values(operation.responses).some((response) => response.content?.['text/html'] !== undefined);

/** Strings a hostile client likes: huge, control characters, SQL and path tricks, odd Unicode. */
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '\u0000',
    '😀'.repeat(30),
    'x'.repeat(5000),
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    '[]',
    '{}',
    '00000000-0000-0000-0000-000000000000',
    'ORD-0000-0000',
    '<script>alert(1)</script>',
  ),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(oddString, { maxLength: 3 }),
  fc.dictionary(oddString, oddString, { maxKeys: 3 }),
);

/** An object shaped like the contract's example with some fields dropped, retyped or added. */
function mutated(example: unknown): fc.Arbitrary<unknown> {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return fc.jsonValue();
  const entries = Object.entries(example as Record<string, unknown>);
  return fc
    .tuple(
      fc.array(fc.boolean(), { minLength: entries.length, maxLength: entries.length }),
      fc.array(fc.option(oddValue, { freq: 2 }), { minLength: entries.length, maxLength: entries.length }),
      fc.dictionary(oddString, oddValue, { maxKeys: 2 }),
    )
    .map(([keep, replace, extra]) => {
      const body: Record<string, unknown> = {};
      entries.forEach(([key, value], index) => {
        if (!keep[index]) return;
        body[key] = replace[index] === null ? value : replace[index];
      });
      return { ...body, ...extra };
    });
}

const test = setupTestApp();
const shopper = setupShopper(test);
let orderId: string;
let productId: string;
let tried = 0;

beforeAll(async () => {
  orderId = (await placeOrder(test.app, shopper.token)).id;
  const page = await test.app.inject({ method: 'GET', url: `${API}/products?limit=1` });
  productId = page.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
});

describe('hostile requests generated from openapi.yaml', () => {
  it('covers every operation in the contract', () => {
    expect(operations.length).toBeGreaterThanOrEqual(12);
  });

  for (const { path, method, operation } of operations) {
    it(`${method.toUpperCase()} ${path} (${operation.operationId}) answers < 500 with a JSON error`, async () => {
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
      const example = Object.values(operation.requestBody?.content ?? {})[0]?.example;

      const request = fc.record({
        path: fc.array(
          fc.oneof(
            oddString,
            fc.constantFrom(productId, orderId, orderId.toLowerCase(), encodeURIComponent('a/b')),
          ),
          { minLength: pathParams.length, maxLength: pathParams.length },
        ),
        query: fc.dictionary(
          fc.oneof(fc.constantFrom(...(queryParams.length ? queryParams : ['q'])), oddString),
          fc.oneof(oddString, fc.integer().map(String)),
          { maxKeys: 4 },
        ),
        auth: fc.constantFrom('none', 'valid', 'forged', 'malformed'),
        body: fc.oneof(
          { weight: 3, arbitrary: mutated(example).map((value) => ({ kind: 'json' as const, value })) },
          { weight: 1, arbitrary: fc.jsonValue().map((value) => ({ kind: 'json' as const, value })) },
          { weight: 1, arbitrary: oddString.map((value) => ({ kind: 'raw' as const, value })) },
        ),
        contentType: fc.constantFrom(
          ...(bodyTypes.length ? bodyTypes : ['application/json']),
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ),
      });

      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          let url = `${API}${path}`;
          pathParams.forEach((name, index) => {
            url = url.replace(`{${name}}`, encodeURIComponent(input.path[index] ?? ''));
          });
          const search = new URLSearchParams(input.query as Record<string, string>).toString();
          if (search) url += `?${search}`;
          const headers: Record<string, string> = {};
          if (input.auth === 'valid') headers.authorization = `Bearer ${shopper.token}`;
          if (input.auth === 'forged') headers.authorization = `Bearer ${'A'.repeat(43)}`;
          if (input.auth === 'malformed') headers.authorization = 'Bearer \u00e9\u00e9 x';
          let payload: string | undefined;
          if (method !== 'get') {
            headers['content-type'] = input.contentType;
            payload =
              input.body.kind === 'raw'
                ? String(input.body.value)
                : input.contentType === 'application/x-www-form-urlencoded' &&
                    input.body.value &&
                    typeof input.body.value === 'object'
                  ? new URLSearchParams(
                      Object.entries(input.body.value).map(([k, v]) => [
                        k,
                        typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
                      ]),
                    ).toString()
                  : JSON.stringify(input.body.value);
          }
          const response = await test.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers,
            payload,
          });
          tried += 1;
          expect(response.statusCode, `${method} ${url} -> ${response.body.slice(0, 200)}`).toBeLessThan(500);
          const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
          if (response.statusCode >= 400 && (isJson || !answersHtml(operation))) {
            expect(isJson, `${method} ${url} error is JSON`).toBe(true);
            expect(typeof response.json<{ error: unknown }>().error).toBe('string');
          }
        }),
        { numRuns: 360, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    });
  }

  it('tried at least 5,000 requests and the server still answers', async () => {
    expect(tried).toBeGreaterThanOrEqual(5000);
    const health = await test.app.inject({ method: 'GET', url: `${API}/storeInfo` });
    expect(health.statusCode).toBe(200);
    console.info(`contract fuzz: ${tried} hostile requests over ${operations.length} operations, no 5xx`);
  });
});
