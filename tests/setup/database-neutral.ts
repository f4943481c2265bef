/**
 * Server test files that do not depend on the database's behaviour: they run once, on PGlite (`npm
 * test`); every other file of tests/server runs on PGlite and again on PostgreSQL (`npm run test:pg`).
 * A file belongs here only if it never reads or writes the database itself
 * (tests/scripts/database-split.test.ts checks that) and whatever SQL its requests reach is another
 * file's subject on both databases. docs/testing.md, "One database or both", says how to choose.
 */
export const DATABASE_NEUTRAL = [
  // No database at all: pure functions and in-memory structures.
  'answer-cache',
  'facet-index',
  'find-answer',
  'lexeme-dictionary',
  'login-throttle',
  'payments-fields',
  'payments-provider',
  'posting-overlay',
  'posting-word',
  'product-ids',
  'product-json',
  'search-match',
  'search-memo',
  'sort-orders',
  'static-files',
  'window-counter',
  // The configuration and the migration journal's files, not a database.
  'config',
  'migrations',
  // PGlite's own DATA_DIR lock and the process around it (PostgreSQL has no data folder to lock).
  'index',
  // HTTP around the app (headers, CORS, methods, the SPA and SEO files, PIN data, rate limits, payment
  // origins): the rows their requests write are
  // users.test.ts's, orders.test.ts's, payments.test.ts's and fulfilment.test.ts's on both databases.
  'delivery',
  'methods',
  'payments-origin',
  'pincodes',
  'rate-limit',
  'security-headers',
  'seo',
  'spa',
] as const;
