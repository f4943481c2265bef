import { assign, emit, fromPromise, setup } from 'xstate';
import type { components } from '../contract/schema';
import { isRequestError } from './errors';
import { type EmittedEvent, toast } from './events';

export type AccountInfo = components['schemas']['AccountInfo'];

const ACCOUNT_LOAD_FAILED = 'Failed to load account information';

/** 'Failed to load account information' + ' (Status: 500)' | ' (No response received)' | ': message'. */
export function accountErrorMessage(error: unknown): string {
  if (isRequestError(error)) {
    if (error.status !== undefined) return `${ACCOUNT_LOAD_FAILED} (Status: ${error.status})`;
    if (error.noResponse) return `${ACCOUNT_LOAD_FAILED} (No response received)`;
  }
  if (error instanceof Error && error.message) return `${ACCOUNT_LOAD_FAILED}: ${error.message}`;
  return ACCOUNT_LOAD_FAILED;
}

/** The account page's data (spec §4 Account page: loading, then loaded or error). */
export const accountMachine = setup({
  types: {
    context: {} as { account: AccountInfo | null; error: string | null },
    events: {} as { type: 'account.retry' },
    emitted: {} as EmittedEvent,
  },
  actors: {
    fetchAccountInfo: fromPromise<AccountInfo>(async () => {
      throw new Error('fetchAccountInfo is provided by its *.live.ts in src/features');
    }),
  },
  actions: {
    assignAccount: assign({ account: (_, params: { account: AccountInfo }) => params.account, error: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => accountErrorMessage(params.error) }),
    notifyLoadFailed: emit(({ context }) => toast('Error', context.error ?? ACCOUNT_LOAD_FAILED, 'error')),
  },
}).createMachine({
  id: 'account',
  description: "The account page: the signed-in shopper's name, email and member-since date.",
  context: { account: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the account details.',
      tags: ['loading'],
      invoke: {
        id: 'fetchAccountInfo',
        src: 'fetchAccountInfo',
        onDone: {
          target: 'loaded',
          actions: { type: 'assignAccount', params: ({ event }) => ({ account: event.output }) },
        },
        onError: {
          target: 'error',
          description: 'The details could not be loaded: say so and offer to try again.',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            'notifyLoadFailed',
          ],
        },
      },
    },
    loaded: { description: 'The account details are shown.' },
    error: {
      description: 'The account details could not be loaded; the shopper can try again.',
      tags: ['error'],
      on: { 'account.retry': 'loading' },
    },
  },
});
