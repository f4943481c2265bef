import { assign, emit, fromPromise, setup } from 'xstate';
import { WISHLIST_LIMIT } from '../shared/wishlist';
import { type EmittedEvent, toast } from './events';
import { storedArray } from './stored';

/** localStorage key of a visitor's saved product ids (a JSON array, most recently saved first). */
export const WISHLIST_STORAGE_KEY = 'wishlist';
export const WISHLIST_FAILED = 'Could not update your wishlist. Please try again.';

/**
 * Whatever was stored, as a clean list: ids that are non-empty strings, each once, at most
 * WISHLIST_LIMIT. A damaged value (not JSON, not an array) is an empty list, never an error.
 */
export function parseStoredWishlist(raw: unknown): string[] {
  const ids = storedArray(raw).filter(
    (id): id is string => typeof id === 'string' && id !== '' && id.length <= 100,
  );
  return [...new Set(ids)].slice(0, WISHLIST_LIMIT);
}

/** Saved ids with `id` toggled: a new one goes on top, a saved one comes off. */
export const toggleId = (ids: readonly string[], id: string): string[] =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids].slice(0, WISHLIST_LIMIT);

export type WishlistEvent =
  /** The heart on a card, the product page or the wishlist page: save, or unsave when saved. */
  | { type: 'wishlist.toggle'; id: string }
  /** From the app: the shopper signed in or out. */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' };

export type WishlistContext = {
  /** What the shopper sees as saved, most recently saved first (their changes already applied). */
  ids: string[];
  /** Signed in: the list as the server last answered it (what a failed change rolls back to). */
  confirmed: string[];
  /** Signed in: ids toggled that the server has not answered yet, first one in flight. */
  queue: string[];
  /** Whether the shopper is signed in, as the app last said. */
  signedIn: boolean;
};

/** What the server needs for one change: the id, and whether it was saved before (then it comes off). */
export type WishlistChange = { id: string; saved: boolean };

/**
 * The wishlist. A visitor's ids live in this browser (`loadLocal` returns what is stored; the machine
 * cleans it). Once the app says the shopper signed in, the local ids are merged into the account
 * (`mergeWishlist`, oldest first) and the browser copy is cleared: from then on the server's answer is
 * the list. A change shows at once and is sent one at a time (`saveChange`); a failure puts back the
 * server's last list and says so. Signing out goes back to this browser's (now empty) list.
 */
export const wishlistMachine = setup({
  types: {
    context: {} as WishlistContext,
    events: {} as WishlistEvent,
    emitted: {} as EmittedEvent,
  },
  actors: {
    loadLocal: fromPromise<unknown>(async () => null),
    mergeWishlist: fromPromise<string[], { productIds: string[] }>(async () => {
      throw new Error('mergeWishlist is provided by its *.live.ts in src/features');
    }),
    saveChange: fromPromise<string[], WishlistChange>(async () => {
      throw new Error('saveChange is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    hasQueuedChanges: ({ context }) => context.queue.length > 0,
    hasQueuedOthers: ({ context }) => context.queue.length > 1,
  },
  actions: {
    restoreLocal: assign({ ids: (_, params: { stored: unknown }) => parseStoredWishlist(params.stored) }),
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false, ids: [], confirmed: [], queue: [] }),
    toggleLocal: assign({
      ids: ({ context, event }) =>
        event.type === 'wishlist.toggle' ? toggleId(context.ids, event.id) : context.ids,
    }),
    queueToggle: assign(({ context, event }) =>
      event.type === 'wishlist.toggle'
        ? { ids: toggleId(context.ids, event.id), queue: [...context.queue, event.id] }
        : {},
    ),
    /** The server answered the first queued change (or the merge): the rest stay applied on top. */
    followServer: assign(({ context }, params: { ids: string[]; answered: number }) => {
      const queue = context.queue.slice(params.answered);
      return { confirmed: params.ids, queue, ids: queue.reduce(toggleId, params.ids) };
    }),
    rollBack: assign(({ context }) => ({ ids: context.confirmed, queue: [] })),
    dropQueue: assign({ queue: [] }),
    persistLocal: () => {},
    clearLocal: () => {},
    notifyFailed: emit(toast('Error', WISHLIST_FAILED, 'error')),
  },
}).createMachine({
  id: 'wishlist',
  description:
    'The products the shopper saved: in this browser for a visitor, in the account once signed in.',
  context: { ids: [], confirmed: [], queue: [], signedIn: false },
  initial: 'loading',
  on: {
    // Heard while the stored ids are read too: `choosing` then goes to the account.
    'session.signedIn': { actions: 'markSignedIn' },
    'session.signedOut': {
      actions: 'markSignedOut',
      target: '.loading',
      description:
        "Signed out: the account's list goes away and this browser's list (cleared by the merge) is read again.",
    },
  },
  states: {
    loading: {
      description: 'Reading the ids kept in this browser.',
      tags: ['loading'],
      invoke: {
        id: 'loadLocal',
        src: 'loadLocal',
        onDone: {
          target: 'choosing',
          actions: { type: 'restoreLocal', params: ({ event }) => ({ stored: event.output }) },
          description: 'The kept ids are back (a damaged copy counts as none).',
        },
        onError: { target: 'choosing', description: 'Storage is switched off: start with none.' },
      },
    },
    choosing: {
      description: 'Deciding whose list to show: the account once signed in, else this browser.',
      always: [{ guard: 'isSignedIn', target: 'account' }, { target: 'visitor' }],
    },
    visitor: {
      description: 'A visitor: the list lives in this browser.',
      on: {
        'wishlist.toggle': { actions: ['toggleLocal', 'persistLocal'] },
        'session.signedIn': { actions: 'markSignedIn', target: 'account' },
      },
    },
    account: {
      description: 'Signed in: the list lives in the account; this browser follows the server.',
      initial: 'merging',
      states: {
        merging: {
          description: "Adding this browser's ids to the account and reading the account's list.",
          tags: ['loading'],
          invoke: {
            id: 'mergeWishlist',
            src: 'mergeWishlist',
            // The server takes them oldest first, so the most recent ends on top there too.
            input: ({ context }) => ({ productIds: [...context.ids].reverse() }),
            onDone: [
              {
                guard: 'hasQueuedChanges',
                target: 'saving',
                actions: [
                  'clearLocal',
                  { type: 'followServer', params: ({ event }) => ({ ids: event.output, answered: 0 }) },
                ],
                description: 'Merged, and the shopper changed something meanwhile: send that next.',
              },
              {
                target: 'synced',
                actions: [
                  'clearLocal',
                  { type: 'followServer', params: ({ event }) => ({ ids: event.output, answered: 0 }) },
                ],
                description: "Merged: the account's list is shown and the browser copy is cleared.",
              },
            ],
            onError: {
              target: 'unsynced',
              actions: ['dropQueue', 'persistLocal', 'notifyFailed'],
              description: "The account could not be reached: keep this browser's list (merged next time).",
            },
          },
          on: { 'wishlist.toggle': { actions: 'queueToggle' } },
        },
        synced: {
          description: "Showing the account's list as the server last answered it.",
          on: { 'wishlist.toggle': { target: 'saving', actions: 'queueToggle' } },
        },
        saving: {
          description: 'A change is shown already and on its way to the server.',
          invoke: {
            id: 'saveChange',
            src: 'saveChange',
            input: ({ context }) => {
              const id = context.queue[0] as string;
              return { id, saved: context.confirmed.includes(id) };
            },
            onDone: [
              {
                guard: 'hasQueuedOthers',
                target: 'saving',
                reenter: true,
                actions: {
                  type: 'followServer',
                  params: ({ event }) => ({ ids: event.output, answered: 1 }),
                },
                description: 'Saved; the next change the shopper made goes now.',
              },
              {
                target: 'synced',
                actions: {
                  type: 'followServer',
                  params: ({ event }) => ({ ids: event.output, answered: 1 }),
                },
                description: "Saved: the server's list is shown.",
              },
            ],
            onError: {
              target: 'synced',
              actions: ['rollBack', 'notifyFailed'],
              description: "The change failed: the server's last list comes back and the shopper is told.",
            },
          },
          on: { 'wishlist.toggle': { actions: 'queueToggle' } },
        },
        unsynced: {
          description: 'Signed in but the account could not be reached: changes stay in this browser.',
          on: { 'wishlist.toggle': { actions: ['toggleLocal', 'persistLocal'] } },
        },
      },
    },
  },
});
