import { expect } from 'vitest';
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
