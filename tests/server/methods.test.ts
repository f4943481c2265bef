/** 405 with Allow for methods a path does not serve; 414 for over-long path ids; optional bodies. */
import { describe, expect, it } from 'vitest';
import { allowedMethods, routePattern } from '../../server/plugins/method-not-allowed';
import { API, setupTestApp } from './helpers';

const t = setupTestApp();

describe('methods a path does not serve', () => {
  it.each([
    ['TRACE', '/products', 'GET, HEAD'],
    ['PATCH', '/products/abc', 'GET, HEAD'],
    ['PUT', '/storeInfo', 'GET, HEAD'],
    ['DELETE', '/orders', 'GET, HEAD, POST'],
    ['GET', '/wishlist/abc', 'PUT, DELETE'],
  ])('answers %s %s with 405, Allow: %s', async (method, path, allow) => {
    const response = await t.app.inject({ method: method as 'GET', url: `${API}${path}` });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toEqual({ error: `Method ${method} is not allowed here (allowed: ${allow})` });
  });

  it('answers QUERY with 405 before reading a body it would refuse', async () => {
    const response = await t.app.inject({ method: 'QUERY' as 'GET', url: `${API}/products` });
    expect(response.statusCode).toBe(405);
  });

  it('keeps 404 for a path nothing serves', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: `${API}/nothing-here` });
    expect(response.statusCode).toBe(404);
  });

  it('matches routes as the router does', () => {
    const routes = [
      { pattern: routePattern('/api/v1/products/:id'), wildcard: false, methods: ['GET'] },
      { pattern: routePattern('/*'), wildcard: true, methods: ['GET'] },
    ];
    expect(allowedMethods(routes, '/api/v1/products/abc/')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods(routes, '/api/v1/products/abc/more')).toEqual([]);
    expect(allowedMethods(routes, '/about')).toEqual(['GET', 'HEAD']);
  });
});

describe('path ids', () => {
  it('answers 414 with a short message for an id over 200 characters, 400 for one over its maxLength', async () => {
    const long = await t.app.inject({ method: 'GET', url: `${API}/products/${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'A path segment is longer than 200 characters' });
    const over = await t.app.inject({ method: 'GET', url: `${API}/products/${'a'.repeat(101)}` });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'id must be at most 100 characters' });
  });
});

describe('optional request bodies', () => {
  it('accepts the sandbox entry POST with no body and no Content-Type', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/payments/sandbox/an-attempt` });
    expect(response.statusCode).toBe(303);
  });

  it('still requires the body where the contract does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/an-attempt/complete`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is required' });
  });
});
