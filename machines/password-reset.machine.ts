import { assign, emit, fromPromise, setup } from 'xstate';
import { messageOf } from './errors';
import { type EmittedEvent, navigate, toast } from './events';

const RESET_REQUEST_FAILED = 'Could not send the reset link. Please try again later.';
const RESET_FAILED = 'Could not reset the password. Please try again later.';

export type PasswordResetEvent =
  | { type: 'reset.request'; email: string }
  | { type: 'reset.confirm'; token: string; password: string };

/**
 * Forgotten password: ask for a link by email (the server answers the same whether or
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
      throw new Error('requestReset is provided by its *.live.ts in src/features');
    }),
    confirmReset: fromPromise<{ message: string }, { token: string; password: string }>(async () => {
      throw new Error('confirmReset is provided by its *.live.ts in src/features');
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
  description: 'Forgotten password: ask for a reset link, then choose a new password with it.',
  context: { message: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The shopper types their email (or, from the link, a new password).',
      on: {
        'reset.request': { target: 'requesting', actions: 'clearError' },
        'reset.confirm': { target: 'confirming', actions: 'clearError' },
      },
    },
    requesting: {
      description: 'Asking the server to email a reset link.',
      tags: ['loading'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ event }) => ({ email: event.type === 'reset.request' ? event.email.trim() : '' }),
        onDone: {
          target: 'requested',
          description: 'The server says a link is on its way if the account exists (it never says which).',
          actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.output.message }) },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ error: event.error, fallback: RESET_REQUEST_FAILED }),
          },
          description: 'The link could not be sent: say why.',
        },
      },
    },
    requested: {
      description: 'Check your email; the shopper may ask again.',
      on: { 'reset.request': { target: 'requesting', actions: 'clearError' } },
    },
    confirming: {
      description: 'Setting the new password.',
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
          description: 'Password changed: on to sign in with it.',
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
          description: 'The link is invalid or expired, or the server failed: say why.',
        },
      },
    },
    done: { type: 'final', description: 'The new password is set; the sign-in page takes over.' },
  },
});
