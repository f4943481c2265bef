import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { contactMachine } from '../../machines/contact.machine';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

const complete = (event: { type: string } & Partial<Record<string, string>>) =>
  ['name', 'email', 'subject', 'message'].every((k) => (event[k] ?? '').trim() !== '');

describeModel(
  modelNamed('contact'),
  ({ event }) =>
    event.type.startsWith('xstate.after.sendDelay')
      ? [
          {
            type: 'toast',
            title: 'Message Sent',
            description: "Thank you for contacting us. We'll get back to you shortly.",
            variant: 'success',
          },
          { type: 'resetForm' },
        ]
      : [],
  {
    // 'Sending...' shows from a complete message until the delay is over; an incomplete one is not sent.
    shows: ({ event, from, to }) => {
      const sending =
        event.type === 'contact.submit'
          ? complete(event as never) || Boolean(from?.hasTag('loading'))
          : false;
      expect(to.hasTag('loading')).toBe(sending);
    },
  },
);

describe('contactMachine', () => {
  it('stays sending until 1.5 s have passed when a message is submitted', () => {
    const clock = new SimulatedClock();
    const actor = createActor(contactMachine, { clock }).start();
    actor.send({ type: 'contact.submit', name: 'A', email: 'a@b.in', subject: 'S', message: 'M' });
    clock.increment(1499);
    expect(actor.getSnapshot().value).toBe('sending');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });
});
