import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { contactMachine } from '../../machines/contact.machine';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('contact'), ({ event }) =>
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
