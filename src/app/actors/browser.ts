/** Where the live actors keep things; tests pass in-memory versions. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage when there is one (not in Node), else a throwaway map so nothing crashes. */
export function browserStorage(): KeyValueStorage {
  if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
}
