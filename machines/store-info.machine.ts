import { assign, emit, fromPromise, setup } from 'xstate';
import type { components } from '../contract/schema';
import { type EmittedEvent, toast } from './events';

export type StoreInfo = components['schemas']['StoreInfo'];

export const STORE_INFO_FAILED = 'Failed to load store information. Please refresh the page.';

/**
 * Store information, loaded on start and refreshed on demand (spec §4 Store info). The input may give
 * the last known store information (the build's snapshot or the previous visit's answer): the app
 * renders from it at once while the fetch revalidates it.
 */
export const storeInfoMachine = setup({
  types: {
    context: {} as { storeInfo: StoreInfo | null },
    input: {} as { storeInfo?: StoreInfo | null } | undefined,
    events: {} as { type: 'storeInfo.refresh' },
    emitted: {} as EmittedEvent,
  },
  actors: {
    fetchStoreInfo: fromPromise<StoreInfo>(async () => {
      throw new Error('fetchStoreInfo is provided by its *.live.ts in src/features');
    }),
  },
  actions: {
    assignStoreInfo: assign({
      storeInfo: (_, params: { storeInfo: StoreInfo }) => params.storeInfo,
    }),
    notifyLoadFailed: emit(toast(STORE_INFO_FAILED, undefined, 'error')),
    // Provided by src/app/actors: keeps the answer for the next visit's first render.
    rememberStoreInfo: (_, _params: { storeInfo: StoreInfo }) => {},
  },
}).createMachine({
  id: 'storeInfo',
  description: "The store's name, company details, categories and policies.",
  context: ({ input }) => ({ storeInfo: input?.storeInfo ?? null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the store information (the last known copy shows meanwhile).',
      tags: ['loading'],
      invoke: {
        id: 'fetchStoreInfo',
        src: 'fetchStoreInfo',
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'assignStoreInfo', params: ({ event }) => ({ storeInfo: event.output }) },
            { type: 'rememberStoreInfo', params: ({ event }) => ({ storeInfo: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: 'notifyLoadFailed',
          description: 'It could not be loaded: ask the shopper to refresh; defaults show meanwhile.',
        },
      },
    },
    loaded: {
      description: 'The store information is current.',
      on: { 'storeInfo.refresh': 'loading' },
    },
    failed: {
      description: 'The store information could not be loaded; the last known copy or defaults show.',
      tags: ['error'],
      on: { 'storeInfo.refresh': 'loading' },
    },
  },
});
