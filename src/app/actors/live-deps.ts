import { cookieTokenStore, type TokenStore } from '../../api/auth-cookie';
import { type ApiClient, api } from '../../api/client';
import { browserStorage, type KeyValueStorage } from './browser';

/**
 * What the live machines reach outside themselves. Each `*.live.ts` module provides one machine over
 * these; tests pass a client over a fake fetch and in-memory storage and token.
 */
export type LiveDeps = {
  client: ApiClient;
  storage: () => KeyValueStorage;
  token: TokenStore;
  logError: (message: string, error: unknown) => void;
};

/** The app's dependencies: the one API client, the auth cookie, localStorage, console.error. */
export const liveDeps: LiveDeps = {
  client: api,
  storage: browserStorage,
  token: cookieTokenStore,
  logError: (message, error) => console.error(message, error),
};

/** A machine's `logError` action (params `{ error }`) reported under a label. */
export const logErrorAs =
  (deps: LiveDeps, label: string) =>
  (_: unknown, params: { error: unknown }): void =>
    deps.logError(label, params.error);
