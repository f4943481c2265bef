// Generated from openapi.yaml by `npm run gen:api` (scripts/gen-api-security.ts). Do not edit.

/** "METHOD /path" of the operations whose contract accepts a bearer token; every other call is public. */
export const BEARER_OPERATIONS: ReadonlySet<string> = new Set([
  'DELETE /addresses/{addressId}',
  'DELETE /wishlist/{productId}',
  'GET /accountInfo',
  'GET /addresses',
  'GET /orders',
  'GET /orders/{orderId}',
  'GET /payments/fields',
  'GET /payments/{attemptId}',
  'GET /wishlist',
  'POST /addresses',
  'POST /orders',
  'POST /orders/{orderId}/cancel',
  'POST /orders/{orderId}/returns',
  'POST /payments',
  'POST /wishlist',
  'PUT /wishlist/{productId}',
]);
