import { expect } from 'vitest';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(
  modelNamed('password-reset'),
  ({ event }) =>
    event.type === 'xstate.done.actor.confirmReset'
      ? [
          {
            type: 'toast',
            title: 'Password reset',
            description: 'Please sign in with your new password.',
            variant: 'success',
          },
          { type: 'navigate', to: '/login', replace: true },
        ]
      : [],
  (replay) => {
    for (const input of replay.actorInputs.get('requestReset') ?? [])
      expect(input).toEqual({ email: 'asha@example.in' });
    for (const step of replay.steps) {
      const e = step.event as { type: string };
      if (e.type === 'xstate.error.actor.confirmReset')
        expect(step.actual.context.error).toBe('This password reset link is invalid or has expired.');
      if (e.type === 'xstate.error.actor.requestReset')
        expect(step.actual.context.error).toBe('No response from server. Please try again later.');
    }
  },
);
