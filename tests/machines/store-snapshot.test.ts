import { describe, expect, it } from 'vitest';
import { STORE_SNAPSHOT_ID } from '../../shared/store-snapshot';
import { readStoreSnapshot, STORE_INFO_STORAGE_KEY } from '../../src/app/actors/store-snapshot';
import { storeInfo } from './support/fixtures';

const storage = (value: string | null) => ({ getItem: () => value, setItem: () => {} });
const page = (json: string | null) => ({
  getElementById: (id: string) =>
    id === STORE_SNAPSHOT_ID && json !== null ? ({ textContent: json } as HTMLElement) : null,
});

describe('readStoreSnapshot (the store information of the first render)', () => {
  const built = JSON.stringify({ ...storeInfo, storeName: 'From the server' });
  const kept = JSON.stringify({ ...storeInfo, storeName: 'From the last visit' });

  it("prefers the page's snapshot (what the server rendered with), then the last visit's answer, else null", () => {
    // The hydrating render must show what the server's page shows: the page's snapshot wins.
    expect(readStoreSnapshot(storage(kept), page(built))?.storeName).toBe('From the server');
    expect(readStoreSnapshot(storage(kept), page(null))?.storeName).toBe('From the last visit');
    expect(readStoreSnapshot(storage(null), page(built))?.storeName).toBe('From the server');
    expect(readStoreSnapshot(storage(null), page(null))).toBeNull();
  });

  it('ignores what is not store information and a storage that throws', () => {
    expect(readStoreSnapshot(storage('{"cart":[]}'), page(null))).toBeNull();
    expect(readStoreSnapshot(storage(kept), page('nor this'))?.storeName).toBe('From the last visit');
    expect(readStoreSnapshot(storage('not json'), page('nor this'))).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(readStoreSnapshot(throwing, page(built))?.storeName).toBe('From the server');
    expect(readStoreSnapshot(throwing, page(null))).toBeNull();
    expect(STORE_INFO_STORAGE_KEY).toBe('storeInfo');
  });
});
