import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RequestError } from '../../machines/errors';
import {
  NEWSLETTER_NOT_SENT,
  NEWSLETTER_NOT_SENT_TITLE,
  newsletterMachine,
} from '../../machines/newsletter.machine';
import { toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { describeModel, failureOf } from './support/suite';

describeModel(
  modelNamed('newsletter'),
  (step) => {
    if (step.event.type === 'xstate.done.actor.subscribe')
      return [
        toast('Subscribed!', 'Thank you for subscribing to our newsletter.', 'success'),
        { type: 'resetForm' },
      ];
    const failure = failureOf<RequestError>(step, 'subscribe');
    if (!failure) return [];
    // The server's reason for a refusal, else that it was not sent; the address stays (no resetForm).
    const refused = failure.status !== undefined && failure.status < 500;
    return [toast('Not subscribed', refused ? failure.serverMessage : NEWSLETTER_NOT_SENT, 'error')];
  },
  {
    shows: ({ event, from, to }) => {
      const valid =
        event.type === 'newsletter.subscribe' && (event as { email?: string }).email?.includes('@');
      // Asking while the request runs; the line about the mailed link once the server has it.
      expect(to.hasTag('loading')).toBe(
        valid || (Boolean(from?.hasTag('loading')) && !event.type.startsWith('xstate.')),
      );
      const subscribed =
        event.type === 'xstate.done.actor.subscribe' ||
        (Boolean(from?.matches('subscribed')) && event.type === 'newsletter.subscribe' && !valid);
      expect(to.matches('subscribed')).toBe(subscribed);
    },
    // The address is sent trimmed.
    sends: { subscribe: () => ({ email: 'asha@example.in' }) },
  },
);

describe('newsletterMachine', () => {
  it('keeps the address and says why when the server refuses it', async () => {
    const machine = newsletterMachine.provide({
      actors: {
        subscribe: fromPromise<{ message: string }, { email: string }>(async () => {
          throw new RequestError('Too many requests, please try again in 30 seconds', {
            status: 429,
            serverMessage: 'Too many requests, please try again in 30 seconds',
          });
        }),
      },
    });
    const actor = createActor(machine).start();
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.send({ type: 'newsletter.subscribe', email: 'asha@example.in' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await new Promise(process.nextTick);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([
      toast(NEWSLETTER_NOT_SENT_TITLE, 'Too many requests, please try again in 30 seconds', 'error'),
    ]);
    actor.stop();
  });
});
