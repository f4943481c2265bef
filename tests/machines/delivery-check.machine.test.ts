import { expect } from 'vitest';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('delivery-check'), () => [], {
  shows: ({ event, from, to }) => {
    const pin =
      event.type === 'delivery.check' ? (event as unknown as { pin: string }).pin.replace(/\s+/g, '') : null;
    // Six digits are looked up (one lookup at a time); anything else is refused without a call.
    if (pin !== null && !from?.hasTag('loading')) {
      expect(to.hasTag('loading')).toBe(/^[1-9]\d{5}$/.test(pin));
      expect(to.matches('invalid')).toBe(!/^[1-9]\d{5}$/.test(pin));
      expect(to.context.pin).toBe(pin);
      expect(to.context.place).toBeNull();
    }
    if (event.type === 'xstate.done.actor.lookupPincode') {
      const place = (event as unknown as { output: unknown }).output;
      expect(to.matches(place ? 'known' : 'unknown')).toBe(true);
      expect(to.context.place).toEqual(place);
    }
    if (event.type === 'xstate.error.actor.lookupPincode') expect(to.matches('failed')).toBe(true);
  },
  // The PIN is sent without its spaces.
  sends: { lookupPincode: () => ({ pin: '560038' }) },
});
