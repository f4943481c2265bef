import { fromPromise } from 'xstate';
import {
  WISHLIST_FAILED,
  WISHLIST_STORAGE_KEY,
  type WishlistChange,
  wishlistMachine,
} from '../../../machines/wishlist.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

const idsOf = (body: { items: { id: string }[] }) => body.items.map((product) => product.id);

export function provideWishlistMachine(deps: LiveDeps) {
  const { client, storage } = deps;
  const write = (value: string) => {
    try {
      storage().setItem(WISHLIST_STORAGE_KEY, value);
    } catch (error) {
      deps.logError('Could not save the wishlist', error);
    }
  };
  return wishlistMachine.provide({
    actors: {
      // The machine cleans what was stored; a storage that throws (privacy mode) is an empty list.
      loadLocal: fromPromise<unknown>(async () => storage().getItem(WISHLIST_STORAGE_KEY)),
      mergeWishlist: fromPromise<string[], { productIds: string[] }>(async ({ input }) =>
        idsOf(await call(client.POST('/wishlist', { body: input }), WISHLIST_FAILED)),
      ),
      saveChange: fromPromise<string[], WishlistChange>(async ({ input }) => {
        const params = { path: { productId: input.id } };
        const request = input.saved
          ? client.DELETE('/wishlist/{productId}', { params })
          : client.PUT('/wishlist/{productId}', { params });
        return idsOf(await call(request, WISHLIST_FAILED));
      }),
    },
    actions: {
      persistLocal: ({ context }) => write(JSON.stringify(context.ids)),
      clearLocal: () => write('[]'),
    },
  });
}
