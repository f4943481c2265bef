import { fromPromise } from 'xstate';
import { RequestError } from '../../../machines/errors';
import { passwordResetMachine } from '../../../machines/password-reset.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

/** The server's own sentence (e.g. 'This password reset link is invalid or has expired…') when it gave one. */
const withServerText = (error: unknown, fallback: string) =>
  error instanceof RequestError && error.serverMessage ? new Error(error.serverMessage) : new Error(fallback);

export function providePasswordResetMachine({ client }: LiveDeps) {
  return passwordResetMachine.provide({
    actors: {
      requestReset: fromPromise(async ({ input }) => {
        try {
          return await call(
            client.POST('/users/password-reset', { body: { email: input.email } }),
            'Could not send the reset link. Please try again later.',
          );
        } catch (error) {
          throw withServerText(error, 'Could not send the reset link. Please try again later.');
        }
      }),
      confirmReset: fromPromise(async ({ input }) => {
        try {
          return await call(
            client.POST('/users/password-reset/confirm', { body: input }),
            'Could not reset the password. Please try again later.',
          );
        } catch (error) {
          throw withServerText(error, 'Could not reset the password. Please try again later.');
        }
      }),
    },
  });
}
