import { fromPromise } from 'xstate';
import { storeInfoMachine } from '../../../machines/store-info.machine';
import type { LiveDeps } from './live-deps';
import { call } from './request';

export function provideStoreInfoMachine({ client }: LiveDeps) {
  return storeInfoMachine.provide({
    actors: {
      fetchStoreInfo: fromPromise(() =>
        call(client.GET('/storeInfo'), 'Failed to load store information. Please refresh the page.'),
      ),
    },
  });
}
