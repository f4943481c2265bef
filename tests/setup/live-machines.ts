/**
 * The live machines as the tests run them: over a fake `fetch` at the API client boundary, with this
 * browser's localStorage and the auth_token cookie in memory.
 */
import { createApiClient } from '../../src/api/client';
import { createLiveMachines, type LiveMachines } from '../../src/app/actors';

const API_BASE = 'http://api.test/api/v1';

export function inMemoryLiveMachines(
  fetch: typeof globalThis.fetch,
  /** `stored` is the localStorage the machines read and write; `token` the cookie on start (null: a visitor). */
  { token, stored }: { token: string | null; stored: Map<string, string> },
) {
  let currentToken = token;
  const machines: LiveMachines = createLiveMachines({
    client: createApiClient(API_BASE, fetch),
    storage: () => ({ getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) }),
    token: {
      read: () => currentToken,
      write: (t) => {
        currentToken = t;
      },
      remove: () => {
        currentToken = null;
      },
    },
    logError: () => {},
  });
  /** The auth_token cookie as the app last wrote it. */
  return { machines, token: () => currentToken };
}
