/** Where the live actors keep things; tests pass in-memory versions. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** What the page keeps when the browser gives it no localStorage: this page's life only. */
const memory = new Map<string, string>();
const memoryStorage: KeyValueStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
};

/**
 * localStorage when there is one, else a map for this page's life, so nothing crashes: in Node (the
 * server's render), and in a browser that blocks storage, where merely reading `window.localStorage`
 * throws a SecurityError — the cart and the wishlist then last as long as the page.
 */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Storage blocked (a privacy setting, a sandboxed frame): keep things in memory instead.
  }
  return memoryStorage;
}
