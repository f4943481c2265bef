/**
 * Row 11: contract gaps. Over-long path ids answered 400/414 the contract did not declare, the
 * sandbox entry refused its optional-body POST, and TRACE/QUERY answered 404/400 instead of 405.
 * Replayed against a real server process (PGlite), checked against openapi.yaml itself.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { attack, ROOT, type Shop, startShop } from './harness';

type Operation = {
  operationId: string;
  parameters?: Array<{ in: string }>;
  responses: Record<string, unknown>;
};
const contract = parse(readFileSync(`${ROOT}/openapi.yaml`, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);
const withPathIds = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === 'path'))
    .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);

let shop: Shop;

/** Any method (fetch refuses TRACE), optionally with a body; status, headers and body text. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((done, fail) => {
    const outgoing = request(`${shop.url}${path}`, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    outgoing.on('error', fail);
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('row 11: the contract says what the server answers', () => {
  it('declares the 400 and 414 that over-long path ids get, on every operation with a path id', async () => {
    expect(withPathIds.length).toBeGreaterThanOrEqual(5);
    for (const { path, method, operation } of withPathIds) {
      for (const [length, status] of [
        [150, 400],
        [201, 414],
      ] as const) {
        const url = `/api/v1${path.replace(/\{[^}]+\}/g, 'a'.repeat(length))}`;
        const answer = await send(method, url);
        expect(answer.status, `${method} ${path} with a ${length}-character id: ${answer.text}`).toBe(status);
        expect(JSON.parse(answer.text)).toEqual({ error: expect.any(String) });
        expect(Object.keys(operation.responses), `${operation.operationId} declares ${status}`).toContain(
          String(status),
        );
      }
    }
    attack(
      11,
      `${withPathIds.length} operations with a 150- and a 201-character path id`,
      '400 and 414 as JSON, each declared by the operation in openapi.yaml',
    );
  });

  it('declares the 431 that a request line and headers over 16 KB get, on every operation', async () => {
    // Node's parser refuses them before any route runs: a 20,000-character URL (a path id or a query)
    // or a 20,000-character header.
    const long = 'a'.repeat(20_000);
    for (const { path, method, operation } of operations) {
      const url = `/api/v1${path.replace(/\{[^}]+\}/g, 'a')}`;
      for (const [what, answer] of [
        ['query', await send(method, `${url}?q=${long}`)],
        ['header', await send(method, url, { 'x-long': long })],
      ] as const) {
        expect(answer.status, `${method} ${path} with a 20,000-character ${what}`).toBe(431);
        expect(JSON.parse(answer.text)).toEqual({ error: expect.any(String) });
      }
      expect(Object.keys(operation.responses), `${operation.operationId} declares 431`).toContain('431');
    }
    attack(
      11,
      `${operations.length} operations, each with a 20,000-character query and a 20,000-character header`,
      '431 as JSON, declared by every operation in openapi.yaml',
    );
  });

  it("accepts the sandbox entry's POST without a body (its requestBody is optional)", async () => {
    const answer = await send('POST', '/api/v1/payments/sandbox/some-attempt');
    expect(answer.status, answer.text).toBe(303);
    expect(answer.headers.location).toMatch(/\/api\/v1\/payments\/sandbox\/some-attempt$/);
    attack(11, 'POST /payments/sandbox/{attemptId} with no body', '303 to the gateway page, as declared');
  });

  it('answers 405 with Allow, as JSON, to methods a path does not serve', async () => {
    const tries: Array<[string, string, string]> = [
      ['TRACE', '/api/v1/products', 'GET, HEAD'],
      ['QUERY', '/api/v1/products', 'GET, HEAD'],
      ['PATCH', '/api/v1/products/abc', 'GET, HEAD'],
      ['DELETE', '/api/v1/storeInfo', 'GET, HEAD'],
      ['GET', '/api/v1/payments', 'POST'],
      ['PATCH', '/api/v1/wishlist/abc', 'PUT, DELETE'],
      ['TRACE', '/api/v1/orders', 'GET, HEAD, POST'],
    ];
    for (const [method, path, allow] of tries) {
      const answer = await send(method, path);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(405);
      expect(answer.headers.allow).toBe(allow);
      expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text)).toEqual({
        error: `Method ${method} is not allowed here (allowed: ${allow})`,
      });
    }
    const unknown = await send('PATCH', '/api/v1/no-such-path');
    expect(unknown.status).toBe(404);
    attack(
      11,
      `${tries.map(([m, p]) => `${m} ${p}`).join(', ')}`,
      "405 with Allow listing the path's methods",
    );
  });
});
