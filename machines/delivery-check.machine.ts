import { assign, fromPromise, setup } from 'xstate';
import type { PinPlace } from '../contract/schema';
import { PIN_CODE_PATTERN } from '../shared/pincode';

export type DeliveryCheckEvent = { type: 'delivery.check'; pin: string };

/** A PIN code as people write it ('560 038', ' 560038 '): its digits without the spaces. */
const pinOf = (typed: string) => typed.replace(/\s+/g, '');

export type DeliveryCheckContext = {
  /** The PIN code last asked about, without spaces. */
  pin: string;
  /** Where it is and how long delivery takes there, once known. */
  place: PinPlace | null;
};

/** Every state but the lookup takes a new PIN code the same way. */
const check = [
  {
    guard: 'isSixDigitPin',
    target: '#deliveryCheck.checking',
    actions: 'assignPin',
    description: 'Six digits: ask where that PIN code is and how long delivery takes.',
  },
  {
    target: '#deliveryCheck.invalid',
    actions: 'assignPin',
    description: 'Not a PIN code: say what one looks like.',
  },
] as const;

/**
 * The product page's "Check delivery" (docs/storefront.md): the shopper types a PIN code and learns
 * the delivery dates there and whether cash on delivery is offered, before adding to the cart.
 * `lookupPincode` resolves with the place (GET /pincodes/{pin}), or null when India Post has no such
 * PIN (the server's 404); it rejects when there is no answer.
 */
export const deliveryCheckMachine = setup({
  types: {
    context: {} as DeliveryCheckContext,
    events: {} as DeliveryCheckEvent,
  },
  actors: {
    lookupPincode: fromPromise<PinPlace | null, { pin: string }>(async () => {
      throw new Error('lookupPincode is provided by src/features/catalogue/delivery-check.live.ts');
    }),
  },
  guards: {
    isSixDigitPin: ({ event }) => PIN_CODE_PATTERN.test(pinOf(event.pin)),
    isListed: (_, params: { place: PinPlace | null }) => params.place !== null,
  },
  actions: {
    assignPin: assign({ pin: ({ event }) => pinOf(event.pin), place: null }),
    assignPlace: assign((_, params: { place: PinPlace | null }) => ({ place: params.place })),
  },
}).createMachine({
  id: 'deliveryCheck',
  description: "The product page's delivery check by PIN code.",
  context: { pin: '', place: null },
  initial: 'idle',
  on: { 'delivery.check': check },
  states: {
    idle: { description: 'No PIN code asked about yet.' },
    checking: {
      description: 'Looking the PIN code up (GET /pincodes/{pin}).',
      tags: ['loading'],
      on: { 'delivery.check': { description: 'One lookup at a time: the Check button waits for it.' } },
      invoke: {
        id: 'lookupPincode',
        src: 'lookupPincode',
        input: ({ context }) => ({ pin: context.pin }),
        onDone: [
          {
            guard: { type: 'isListed', params: ({ event }) => ({ place: event.output }) },
            target: 'known',
            actions: { type: 'assignPlace', params: ({ event }) => ({ place: event.output }) },
            description: 'A PIN code India Post lists: show its delivery dates and cash on delivery.',
          },
          { target: 'unknown', description: 'India Post lists no such PIN code.' },
        ],
        onError: { target: 'failed', description: 'No answer: say so; the shopper can check again.' },
      },
    },
    known: { description: 'The delivery dates to the PIN code and whether it may be paid on delivery.' },
    unknown: { description: 'India Post lists no such PIN code.' },
    invalid: { description: 'What was typed is not a six-digit PIN code.' },
    failed: { description: 'The lookup got no answer.' },
  },
});
