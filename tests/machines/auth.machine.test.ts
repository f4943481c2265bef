import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type LoginInput } from '../../machines/auth.machine';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

const toast = (title: string, description: string, variant: string) => ({
  type: 'toast',
  title,
  description,
  variant,
});

describeModel(
  modelNamed('auth'),
  ({ event }) => {
    const e = event as { type: string; output?: { token?: string }; error?: Error; email?: string };
    switch (e.type) {
      case 'xstate.done.actor.login':
        return e.output?.token
          ? [
              toast('Success!', 'Logged in successfully.', 'success'),
              { type: 'navigate', to: '/checkout', replace: true },
            ]
          : [toast('Error', 'Authentication failed: Token is missing in the response', 'error')];
      case 'xstate.error.actor.login':
        return [toast('Error', e.error?.message ?? '', 'error')];
      case 'auth.register':
        return e.email?.includes('@')
          ? []
          : [toast('Invalid Email', 'Please enter a valid email address.', 'error')];
      case 'xstate.done.actor.register':
        return [
          toast('Success!', 'Account created successfully. You can now log in.', 'success'),
          { type: 'navigate', to: '/' },
        ];
      case 'xstate.error.actor.register':
        return [toast('Registration Error', e.error?.message ?? '', 'error')];
      case 'xstate.done.actor.logout':
        return [
          toast('Logged out', 'You have been successfully logged out.', 'success'),
          { type: 'navigate', to: '/' },
        ];
      case 'xstate.error.actor.logout':
        return [toast('Error', 'Failed to log out properly.', 'error')];
      default:
        return [];
    }
  },
  (replay) => {
    // Spec §5: the registration email is trimmed and lowercased before sending.
    for (const input of replay.actorInputs.get('register') ?? []) {
      expect(input).toEqual({
        email: 'asha@example.in',
        password: 'saree-sunday-42',
        firstName: 'Asha',
        lastName: 'Verma',
      });
    }
    for (const step of replay.steps) {
      // Registration never signs in; a 401 never leaves a user behind.
      if (step.event.type === 'xstate.done.actor.register') expect(step.actual.value).toBe('anonymous');
      if (step.actual.matches('anonymous')) expect(step.actual.context.user).toBeNull();
    }
  },
);

describe("'Remember me'", () => {
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  async function signIn(remember: boolean | undefined) {
    const stored: { token: string; remember: boolean }[] = [];
    const actor = createActor(
      authMachine.provide({
        actors: {
          readToken: fromPromise<string | null>(async () => null),
          login: fromPromise<{ token?: string | null }, LoginInput>(async () => ({ token: 'tok' })),
        },
        actions: { storeToken: (_, params) => void stored.push(params) },
      }),
      { input: {} },
    );
    actor.start();
    await flush();
    actor.send({
      type: 'auth.login',
      email: 'asha@example.in',
      password: 'secret-secret',
      ...(remember === undefined ? {} : { remember }),
    });
    await flush();
    return stored;
  }
  it('keeps the sign-in for 30 days when ticked (and for spec clients that do not say)', async () => {
    expect(await signIn(true)).toEqual([{ token: 'tok', remember: true }]);
    expect(await signIn(undefined)).toEqual([{ token: 'tok', remember: true }]);
  });
  it('asks for a session cookie when unticked', async () => {
    expect(await signIn(false)).toEqual([{ token: 'tok', remember: false }]);
  });
});
