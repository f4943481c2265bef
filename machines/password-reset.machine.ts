import { assign, emit, fromPromise, setup } from 'xstate';
import { messageOf } from './errors';
import { type EmittedEvent, navigate, toast } from './events';

export const RESET_REQUEST_FAILED = 'Could not send the reset link. Please try again later.';
export const RESET_FAILED = 'Could not reset the password. Please try again later.';

export type PasswordResetEvent =
  | { type: 'reset.request'; email: string }
  | { type: 'reset.confirm'; token: string; password: string };

/**
 * Forgotten password (issue 14): ask for a link by email (the server answers the same whether or
 * not the account exists), then set a new password with the link's token and go to sign in.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as { message: string | null; error: string | null },
    events: {} as PasswordResetEvent,
    emitted: {} as EmittedEvent,
  },
  actors: {
    requestReset: fromPromise<{ message: string }, { email: string }>(async () => {
      throw new Error('requestReset is provided by src/app/actors');
    }),
    confirmReset: fromPromise<{ message: string }, { token: string; password: string }>(async () => {
      throw new Error('confirmReset is provided by src/app/actors');
    }),
  },
  actions: {
    assignMessage: assign({ message: (_, params: { message: string }) => params.message, error: null }),
    assignError: assign({
      error: (_, params: { error: unknown; fallback: string }) => messageOf(params.error, params.fallback),
    }),
    clearError: assign({ error: null }),
    notifyPasswordReset: emit(toast('Password reset', 'Please sign in with your new password.', 'success')),
    goToLogin: emit(navigate('/login', { replace: true })),
  },
}).createMachine({
  id: 'passwordReset',
  context: { message: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reset.request': { target: 'requesting', actions: 'clearError' },
        'reset.confirm': { target: 'confirming', actions: 'clearError' },
      },
    },
    requesting: {
      tags: ['loading'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ event }) => ({ email: event.type === 'reset.request' ? event.email.trim() : '' }),
        onDone: {
          target: 'requested',
          actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.output.message }) },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ error: event.error, fallback: RESET_REQUEST_FAILED }),
          },
        },
      },
    },
    requested: {
      on: { 'reset.request': { target: 'requesting', actions: 'clearError' } },
    },
    confirming: {
      tags: ['loading'],
      invoke: {
        id: 'confirmReset',
        src: 'confirmReset',
        input: ({ event }) =>
          event.type === 'reset.confirm'
            ? { token: event.token, password: event.password }
            : { token: '', password: '' },
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignMessage', params: ({ event }) => ({ message: event.output.message }) },
            'notifyPasswordReset',
            'goToLogin',
          ],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ error: event.error, fallback: RESET_FAILED }),
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
