import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bearerOperations, type OpenApiDocument, OUTPUT, renderModule } from '../../scripts/gen-api-security';

describe('bearerOperations', () => {
  it('lists required and optional bearer operations and leaves public ones out', () => {
    const doc: OpenApiDocument = {
      security: [],
      paths: {
        '/storeInfo': { get: {} },
        '/orders': { get: { security: [{ bearerAuth: [] }] }, post: { security: [{ bearerAuth: [] }] } },
        '/orders/{orderId}': { get: { security: [{}, { bearerAuth: [] }] } },
        '/health': { get: { security: [{}] } },
      },
    };
    expect(bearerOperations(doc)).toEqual(['GET /orders', 'GET /orders/{orderId}', 'POST /orders']);
  });

  it('inherits the document-level security when an operation declares none', () => {
    const doc: OpenApiDocument = {
      security: [{ bearerAuth: [] }],
      paths: { '/a': { get: {}, delete: { security: [] } } },
    };
    expect(bearerOperations(doc)).toEqual(['GET /a']);
  });
});

describe(OUTPUT, () => {
  it('matches openapi.yaml', () => {
    const doc = parse(readFileSync('openapi.yaml', 'utf8')) as OpenApiDocument;
    expect(readFileSync(OUTPUT, 'utf8')).toBe(renderModule(bearerOperations(doc)));
  });

  it('keeps the three public catalogue reads out and lets the optional-token reads in', () => {
    const doc = parse(readFileSync('openapi.yaml', 'utf8')) as OpenApiDocument;
    const keys = bearerOperations(doc);
    for (const read of ['GET /storeInfo', 'GET /products', 'GET /products/{id}'])
      expect(keys).not.toContain(read);
    expect(keys).toContain('GET /accountInfo');
    // Public, but the server prefills the form for a signed-in customer (server/payments/payments.handlers.ts).
    expect(keys).toContain('GET /payments/fields');
  });
});
