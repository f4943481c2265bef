import { fromPromise } from 'xstate';
import { addressBookMachine } from '../../../machines/address-book.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { pincodeLookup } from '../../app/actors/pincode-lookup';
import { call } from '../../app/actors/request';

export function provideAddressBookMachine(deps: LiveDeps) {
  const { client } = deps;
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
      lookupPincode: pincodeLookup(deps),
    },
  });
}
