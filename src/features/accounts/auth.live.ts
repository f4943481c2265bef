import { fromPromise } from 'xstate';
import {
  authMachine,
  LOGIN_FAILED,
  type LoginInput,
  NO_RESPONSE,
  REGISTER_FAILED,
  type RegisterInput,
} from '../../../machines/auth.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

export function provideAuthMachine({ client, token }: LiveDeps) {
  return authMachine.provide({
    actors: {
      readToken: fromPromise(async () => token.read()),
      login: fromPromise<{ token?: string | null }, LoginInput>(async ({ input }) => {
        const body = await call(client.POST('/users/authorize', { body: input }), LOGIN_FAILED, {
          noResponseMessage: NO_RESPONSE,
        });
        return { token: typeof body.token === 'string' ? body.token : null };
      }),
      register: fromPromise<unknown, RegisterInput>(async ({ input }) =>
        call(client.POST('/users/register', { body: input }), REGISTER_FAILED),
      ),
      // Spec §4 does not say whether logout calls the server; it only removes the cookie.
      logout: fromPromise(async () => {
        token.remove();
        if (token.read() !== null) throw new Error('Failed to log out properly.');
      }),
    },
    actions: {
      storeToken: (_, params) => token.write(params.token, params.remember),
      removeToken: () => token.remove(),
    },
  });
}
