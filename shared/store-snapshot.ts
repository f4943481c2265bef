/**
 * The id of the JSON block with the store information that scripts/prerender-shell.tsx writes into
 * index.html and server/page-head.ts refreshes (src/app/actors/store-snapshot.ts reads it).
 */
export const STORE_SNAPSHOT_ID = 'store-info-snapshot';
