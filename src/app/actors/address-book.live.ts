import { fromPromise } from 'xstate';
import { addressBookMachine } from '../../../machines/address-book.machine';
import { isRequestError } from '../../../machines/errors';
import type { LiveDeps } from './live-deps';
import { call } from './request';

export function provideAddressBookMachine({ client }: LiveDeps) {
  return addressBookMachine.provide({
    actors: {
      listAddresses: fromPromise(
        async () => (await call(client.GET('/addresses'), 'Failed to load your addresses')).items,
      ),
      deleteAddress: fromPromise(
        async ({ input }) =>
          (
            await call(
              client.DELETE('/addresses/{addressId}', { params: { path: { addressId: input.id } } }),
              'Failed to delete the address',
            )
          ).items,
      ),
      lookupPincode: fromPromise(async ({ input }) => {
        try {
          return await call(
            client.GET('/pincodes/{pin}', { params: { path: { pin: input.pin } } }),
            'Failed to look up the PIN code',
          );
        } catch (error) {
          // 404: India Post lists no such PIN — an answer, not a failure.
          if (isRequestError(error) && error.status === 404) return null;
          throw error;
        }
      }),
    },
  });
}
