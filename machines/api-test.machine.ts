import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './errors';

/** Host value shown when the page runs on localhost (spec §2 API test: a fixed default host). */
export const DEFAULT_API_HOST = 'statefront.in';
export const CONNECTION_FAILED = 'Connection failed. Check console for details.';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export type ApiTestInput = {
  /** The page's hostname and host (with port). */
  hostname: string;
  host: string;
  /** The API base URL the app calls, as an absolute URL. */
  apiBase: string;
};

/** What one GET /storeInfo on `apiBase` gave: an answer with data, or an answer with an error. */
export type ConnectionCheck = { ok: true } | { ok: false; error: unknown };

export type ApiTestContext = {
  hostname: string;
  apiBase: string;
  hostHeader: string;
  /** Why the last test failed, shown under the button. */
  error: string | null;
};

/**
 * The API connection test (spec §2 API test): shows where the app looks for its API and, on request,
 * calls GET /storeInfo there. `checkConnection` resolves with whether the server answered with data;
 * it rejects when no answer came at all.
 */
export const apiTestMachine = setup({
  types: {
    context: {} as ApiTestContext,
    input: {} as ApiTestInput,
    events: {} as { type: 'apiTest.run' },
  },
  actors: {
    checkConnection: fromPromise<ConnectionCheck, { apiBase: string }>(async () => {
      throw new Error('checkConnection is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    isConnected: (_, params: { check: ConnectionCheck }) => params.check.ok,
  },
  actions: {
    clearError: assign({ error: null }),
    assignRefused: assign({ error: CONNECTION_FAILED }),
    assignUnexpected: assign({
      error: (_, params: { error: unknown }) =>
        `Unexpected error: ${messageOf(params.error, String(params.error))}`,
    }),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'apiTest',
  description: 'The API connection test page: where the app looks for its API, and whether it answers.',
  context: ({ input }) => ({
    hostname: input.hostname,
    apiBase: input.apiBase,
    hostHeader: LOCAL_HOSTS.has(input.hostname) ? DEFAULT_API_HOST : input.host,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The addresses are shown; nothing has been tried yet.',
      on: { 'apiTest.run': 'testing' },
    },
    testing: {
      description: 'Asking the API for the store information.',
      tags: ['loading'],
      entry: 'clearError',
      invoke: {
        id: 'checkConnection',
        src: 'checkConnection',
        input: ({ context }) => ({ apiBase: context.apiBase }),
        onDone: [
          {
            guard: { type: 'isConnected', params: ({ event }) => ({ check: event.output }) },
            target: 'connected',
          },
          {
            target: 'failed',
            actions: [
              'assignRefused',
              {
                type: 'logError',
                params: ({ event }) => ({ error: event.output.ok ? undefined : event.output.error }),
              },
            ],
            description: 'The API answered with an error: the details go to the console.',
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignUnexpected', params: ({ event }) => ({ error: event.error }) },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
          description: 'No answer at all (network, CORS): show what went wrong.',
        },
      },
    },
    connected: {
      description: 'The API answered: the connection works.',
      on: { 'apiTest.run': 'testing' },
    },
    failed: {
      description: 'The API did not answer properly; the shopper can try again.',
      tags: ['error'],
      on: { 'apiTest.run': 'testing' },
    },
  },
});
