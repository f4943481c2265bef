import { fromPromise } from 'xstate';
import { storeInfoMachine } from '../../../machines/store-info.machine';
import type { LiveDeps } from './live-deps';
import { call } from './request';
import { STORE_INFO_STORAGE_KEY } from './store-snapshot';

export function provideStoreInfoMachine({ client, storage, logError }: LiveDeps) {
  return storeInfoMachine.provide({
    actors: {
      fetchStoreInfo: fromPromise(() =>
        call(client.GET('/storeInfo'), 'Failed to load store information. Please refresh the page.'),
      ),
    },
    actions: {
      rememberStoreInfo: (_, { storeInfo }) => {
        try {
          storage().setItem(STORE_INFO_STORAGE_KEY, JSON.stringify(storeInfo));
        } catch (error) {
          logError('Could not keep the store information', error);
        }
      },
    },
  });
}
