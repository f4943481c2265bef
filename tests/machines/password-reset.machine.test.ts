import { expect } from 'vitest';
import { toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { answerOf, before, describeModel, failureOf } from './support/suite';

describeModel(
  modelNamed('password-reset'),
  ({ event }) =>
    event.type === 'xstate.done.actor.confirmReset'
      ? [
          toast('Password reset', 'Please sign in with your new password.', 'success'),
          { type: 'navigate', to: '/login', replace: true },
        ]
      : [],
  {
    shows: (step) => {
      const { event, to } = step;
      const answer =
        answerOf<{ message: string }>(step, 'requestReset') ??
        answerOf<{ message: string }>(step, 'confirmReset');
      const failure = failureOf<Error>(step, 'requestReset') ?? failureOf<Error>(step, 'confirmReset');
      const asking = event.type === 'reset.request' || event.type === 'reset.confirm';
      // The page shows the server's message once it answers, and the reason when it fails; a new
      // attempt clears the last error.
      expect(to.context.message).toBe(answer ? answer.message : before(step, (c) => c.message, null));
      expect(to.context.error).toBe(
        failure ? failure.message : answer || asking ? null : before(step, (c) => c.error, null),
      );
      expect(to.hasTag('loading')).toBe(asking);
    },
    sends: {
      // The email is sent trimmed.
      requestReset: () => ({ email: 'asha@example.in' }),
      confirmReset: () => ({ token: 'tok', password: 'new-secret-42' }),
    },
  },
);
