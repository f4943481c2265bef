import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  parseStoredWishlist,
  toggleId,
  WISHLIST_FAILED,
  type WishlistChange,
  wishlistMachine,
} from '../../machines/wishlist.machine';
import { WISHLIST_LIMIT } from '../../shared/wishlist';
import { kurta, tee } from './support/fixtures';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, failed, type StepView } from './support/suite';

type Ctx = { ids: string[]; confirmed: string[]; queue: string[]; signedIn: boolean };
const ctxBefore = (step: StepView): Ctx => ({
  ids: before(step, (c) => c.ids as string[], []),
  confirmed: before(step, (c) => c.confirmed as string[], []),
  queue: before(step, (c) => c.queue as string[], []),
  signedIn: before(step, (c) => c.signedIn as boolean, false),
});

/** What the hearts and the count show after the step, from the previous screen and the event alone. */
function idsAfter(step: StepView): string[] {
  const prev = ctxBefore(step);
  const e = step.event as { type: string; id?: string };
  if (answered(step, 'loadLocal')) return parseStoredWishlist(answerOf(step, 'loadLocal'));
  if (e.type === 'wishlist.toggle') return toggleId(prev.ids, e.id as string);
  if (e.type === 'session.signedOut') return [];
  if (answered(step, 'mergeWishlist'))
    return prev.queue.reduce(toggleId, answerOf<string[]>(step, 'mergeWishlist') as string[]);
  if (answered(step, 'saveChange'))
    return prev.queue.slice(1).reduce(toggleId, answerOf<string[]>(step, 'saveChange') as string[]);
  if (failed(step, 'saveChange')) return prev.confirmed;
  return prev.ids;
}

const failureToast = { type: 'toast', title: 'Error', description: WISHLIST_FAILED, variant: 'error' };

describeModel(
  modelNamed('wishlist'),
  (step) => (failed(step, 'mergeWishlist') || failed(step, 'saveChange') ? [failureToast] : []),
  {
    shows: (step) => {
      expect(step.to.context.ids).toEqual(idsAfter(step));
      // The wishlist page shows its skeleton while the list is read or merged.
      expect(step.to.hasTag('loading')).toBe(
        step.to.matches('loading') || step.to.matches({ account: 'merging' }),
      );
    },
    sends: {
      // The server takes the visitor's ids oldest first.
      mergeWishlist: (step) => ({ productIds: [...step.to.context.ids].reverse() }),
      saveChange: (step) => {
        const { queue, confirmed } = step.to.context as Ctx;
        return { id: queue[0], saved: confirmed.includes(queue[0] as string) };
      },
    },
  },
);

/** The machine with its storage and server actors in memory, recording what it asked for. */
function harness(stored: unknown, server: { fail?: boolean; failSaves?: boolean } = {}) {
  const writes: string[] = [];
  const changes: WishlistChange[] = [];
  const merges: string[][] = [];
  let account: string[] = [tee.id];
  const machine = wishlistMachine.provide({
    actors: {
      loadLocal: fromPromise(async () => stored),
      mergeWishlist: fromPromise<string[], { productIds: string[] }>(async ({ input }) => {
        merges.push(input.productIds);
        if (server.fail) throw new Error('offline');
        account = [...input.productIds]
          .reverse()
          .concat(account.filter((id) => !input.productIds.includes(id)));
        return account;
      }),
      saveChange: fromPromise<string[], WishlistChange>(async ({ input }) => {
        changes.push(input);
        if (server.fail || server.failSaves) throw new Error('offline');
        account = input.saved ? account.filter((id) => id !== input.id) : [input.id, ...account];
        return account;
      }),
    },
    actions: {
      persistLocal: ({ context }) => void writes.push(JSON.stringify(context.ids)),
      clearLocal: () => void writes.push('[]'),
    },
  });
  const actor = createActor(machine).start();
  const emitted: unknown[] = [];
  actor.on('*', (event) => void emitted.push(event));
  return { actor, writes, changes, merges, emitted };
}

describe('wishlist machine (with storage and server in memory)', () => {
  it('keeps a visitor’s saves in this browser, newest first, when toggled', async () => {
    const { actor, writes } = harness(null);
    await waitFor(actor, (s) => s.matches('visitor'));
    actor.send({ type: 'wishlist.toggle', id: kurta.id });
    actor.send({ type: 'wishlist.toggle', id: tee.id });
    expect(actor.getSnapshot().context.ids).toEqual([tee.id, kurta.id]);
    actor.send({ type: 'wishlist.toggle', id: tee.id });
    expect(writes).toEqual([
      JSON.stringify([kurta.id]),
      JSON.stringify([tee.id, kurta.id]),
      JSON.stringify([kurta.id]),
    ]);
  });

  it.each([['{not json'], ['"a string"'], [JSON.stringify({ ids: ['x'] })], [42]])(
    'starts empty when the stored value is damaged (%s)',
    async (stored) => {
      const { actor } = harness(stored);
      await waitFor(actor, (s) => s.matches('visitor'));
      expect(actor.getSnapshot().context.ids).toEqual([]);
    },
  );

  it('merges the local ids on sign-in, clears the browser copy and then follows the account', async () => {
    const { actor, writes, merges } = harness(JSON.stringify([kurta.id]));
    await waitFor(actor, (s) => s.matches('visitor'));
    actor.send({ type: 'session.signedIn' });
    await waitFor(actor, (s) => s.matches({ account: 'synced' }));
    expect(merges).toEqual([[kurta.id]]);
    expect(actor.getSnapshot().context.ids).toEqual([kurta.id, tee.id]);
    expect(writes).toEqual(['[]']);
  });

  it('merges even when the sign-in is heard before the stored ids are read', async () => {
    const { actor, merges } = harness(JSON.stringify([kurta.id]));
    actor.send({ type: 'session.signedIn' });
    await waitFor(actor, (s) => s.matches({ account: 'synced' }));
    expect(merges).toEqual([[kurta.id]]);
  });

  it('sends changes made while one is on its way one after another, and ends on the server’s list', async () => {
    const { actor, changes } = harness(null);
    actor.send({ type: 'session.signedIn' });
    await waitFor(actor, (s) => s.matches({ account: 'synced' }));
    actor.send({ type: 'wishlist.toggle', id: kurta.id });
    actor.send({ type: 'wishlist.toggle', id: tee.id });
    expect(actor.getSnapshot().context.ids).toEqual([kurta.id]);
    await waitFor(actor, (s) => s.matches({ account: 'synced' }));
    expect(changes).toEqual([
      { id: kurta.id, saved: false },
      { id: tee.id, saved: true },
    ]);
    expect(actor.getSnapshot().context.ids).toEqual([kurta.id]);
  });

  it('puts the server’s list back and says so when a change fails', async () => {
    const { actor, emitted } = harness(null, { failSaves: true });
    actor.send({ type: 'session.signedIn' });
    await waitFor(actor, (s) => s.matches({ account: 'synced' }));
    actor.send({ type: 'wishlist.toggle', id: tee.id });
    expect(actor.getSnapshot().context.ids).toEqual([]);
    await waitFor(actor, (s) => s.matches({ account: 'synced' }));
    expect(actor.getSnapshot().context.ids).toEqual([tee.id]);
    expect(emitted).toEqual([failureToast]);
  });

  it('keeps the list in this browser when the account cannot be reached on sign-in', async () => {
    const { actor, emitted, writes } = harness(JSON.stringify([kurta.id]), { fail: true });
    actor.send({ type: 'session.signedIn' });
    await waitFor(actor, (s) => s.matches({ account: 'unsynced' }));
    expect(actor.getSnapshot().context.ids).toEqual([kurta.id]);
    expect(emitted).toEqual([failureToast]);
    actor.send({ type: 'wishlist.toggle', id: tee.id });
    expect(writes.at(-1)).toBe(JSON.stringify([tee.id, kurta.id]));
  });

  it('signs out to this browser’s (cleared) list', async () => {
    const { actor } = harness(null);
    actor.send({ type: 'session.signedIn' });
    await waitFor(actor, (s) => s.matches({ account: 'synced' }));
    expect(actor.getSnapshot().context.ids).toEqual([tee.id]);
    actor.send({ type: 'session.signedOut' });
    await waitFor(actor, (s) => s.matches('visitor'));
    expect(actor.getSnapshot().context.ids).toEqual([]);
  });
});

describe('parseStoredWishlist', () => {
  it('keeps each id once, drops what is not an id and stops at the limit', () => {
    expect(parseStoredWishlist(JSON.stringify(['a', 'a', '', 3, null, 'b']))).toEqual(['a', 'b']);
    const many = Array.from({ length: WISHLIST_LIMIT + 5 }, (_, i) => `p${i}`);
    expect(parseStoredWishlist(many)).toHaveLength(WISHLIST_LIMIT);
  });
});
