import type { StoreInfo } from '../../../machines/store-info.machine';
import { STORE_SNAPSHOT_ID } from '../../../shared/store-snapshot';
import type { KeyValueStorage } from './browser';

/** Where the last /storeInfo answer is kept for the next visit. */
export const STORE_INFO_STORAGE_KEY = 'storeInfo';

function parse(text: string | null | undefined): StoreInfo | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    const looksRight =
      typeof value === 'object' &&
      value !== null &&
      typeof (value as StoreInfo).storeName === 'string' &&
      Array.isArray((value as StoreInfo).categories);
    return looksRight ? (value as StoreInfo) : null;
  } catch {
    return null;
  }
}

/**
 * The store information to render before /storeInfo answers: the snapshot the server embedded in the
 * page (what it rendered the page with: the hydrating render must show the same), else the previous
 * visit's answer (a page without one, e.g. `npm run dev`), else null (the defaults).
 */
export function readStoreSnapshot(
  storage: KeyValueStorage,
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): StoreInfo | null {
  let cached: string | null = null;
  try {
    cached = storage.getItem(STORE_INFO_STORAGE_KEY);
  } catch {
    // storage unavailable (privacy mode): fall through to the snapshot
  }
  return parse(doc?.getElementById(STORE_SNAPSHOT_ID)?.textContent) ?? parse(cached);
}
