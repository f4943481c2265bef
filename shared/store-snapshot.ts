/**
 * The id of the JSON block with the store information that the server writes into every page
 * (server/web/page-head.ts) and src/app/actors/store-snapshot.ts reads.
 */
export const STORE_SNAPSHOT_ID = 'store-info-snapshot';
