import { fromPromise } from 'xstate';
import { accountMachine } from '../../../machines/account.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call, unwrapData } from '../../app/actors/request';

export function provideAccountMachine({ client }: LiveDeps) {
  return accountMachine.provide({
    actors: {
      fetchAccountInfo: fromPromise(async () =>
        unwrapData(await call(client.GET('/accountInfo'), 'Failed to load account information')),
      ),
    },
  });
}
