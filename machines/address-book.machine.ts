import { assign, emit, fromPromise, setup } from 'xstate';
import type { components } from '../contract/schema';
import { PIN_CODE_PATTERN } from '../shared/pincode';

export type SavedAddress = components['schemas']['SavedAddress'];
export type PinPlace = components['schemas']['PinPlace'];

/** A PIN code the lookup has answered: its place, or null when India Post has no such PIN. */
export type PinAnswer = { pin: string; place: PinPlace | null };

/**
 * Fill these checkout fields (the form does it: a machine has no form). `city` and `state` from a PIN
 * lookup; every field when the shopper picks a saved address.
 */
export type FillAddressEmitted = {
  type: 'address.fill';
  fields: Partial<Omit<SavedAddress, 'id'>>;
  /** Only where the field is still blank (a PIN lookup never overwrites what the shopper typed). */
  onlyBlank: boolean;
};

export type AddressBookEvent =
  /** The PIN code field as typed (every keystroke: a lookup starts once it is six digits). */
  | { type: 'pincode.change'; pin: string }
  /** Fill the checkout form with one of the saved addresses. */
  | { type: 'address.use'; id: string }
  | { type: 'address.delete'; id: string }
  | { type: 'addresses.retry' };

export type AddressBookContext = {
  /** Last used first (GET /addresses). */
  addresses: SavedAddress[];
  /** The PIN code as last typed (trimmed). */
  pin: string;
  /** Every PIN looked up on this page, so typing one again asks nobody. */
  answers: Record<string, PinPlace | null>;
  /** Why the last delete failed, for the account page to say. */
  deleteError: string | null;
};

/** What the lookup knows about the PIN now typed: undefined while unknown (not six digits, or asking). */
export function pinAnswerOf(context: Pick<AddressBookContext, 'pin' | 'answers'>): PinAnswer | undefined {
  return context.pin in context.answers
    ? { pin: context.pin, place: context.answers[context.pin] ?? null }
    : undefined;
}

const isPin = (pin: string) => PIN_CODE_PATTERN.test(pin);

/**
 * The shopper's shipping addresses and the PIN code lookup (docs/storefront.md), for the checkout page
 * (PIN fills City and State; a saved address fills the form in one tap) and the account page (list
 * and delete). Two regions that run side by side: the saved addresses, and the PIN code being typed.
 */
export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    emitted: {} as FillAddressEmitted,
  },
  actors: {
    listAddresses: fromPromise<SavedAddress[]>(async () => {
      throw new Error('listAddresses is provided by src/app/actors');
    }),
    deleteAddress: fromPromise<SavedAddress[], { id: string }>(async () => {
      throw new Error('deleteAddress is provided by src/app/actors');
    }),
    /** The PIN's place, or null for a PIN India Post does not list (the server's 404). */
    lookupPincode: fromPromise<PinPlace | null, { pin: string }>(async () => {
      throw new Error('lookupPincode is provided by src/app/actors');
    }),
  },
  guards: {
    isSixDigitPin: ({ event }) => event.type === 'pincode.change' && isPin(event.pin.trim()),
    isPinAnswered: ({ context, event }) =>
      event.type === 'pincode.change' && event.pin.trim() in context.answers,
  },
  actions: {
    assignPin: assign({
      pin: ({ event }) => (event.type === 'pincode.change' ? event.pin.trim() : ''),
    }),
    assignAnswer: assign({
      answers: ({ context }, params: { place: PinPlace | null }) => ({
        ...context.answers,
        [context.pin]: params.place,
      }),
    }),
    assignAddresses: assign({
      addresses: (_, params: { addresses: SavedAddress[] }) => params.addresses,
      deleteError: null,
    }),
    assignDeleteError: assign({ deleteError: 'The address could not be deleted. Please try again.' }),
    fillFromPin: emit(({ context }) => {
      const place = context.answers[context.pin];
      return {
        type: 'address.fill' as const,
        fields: place ? { city: place.city, state: place.state } : {},
        onlyBlank: true,
      };
    }),
    fillFromSaved: emit(({ context, event }) => {
      const saved = context.addresses.find((a) => event.type === 'address.use' && a.id === event.id);
      const { id: _id, ...fields } = saved ?? { id: '' };
      return { type: 'address.fill' as const, fields, onlyBlank: false };
    }),
  },
}).createMachine({
  id: 'addressBook',
  description: "The signed-in shopper's saved shipping addresses, and what India Post says about a PIN code.",
  type: 'parallel',
  context: { addresses: [], pin: '', answers: {}, deleteError: null },
  states: {
    saved: {
      description: 'The saved addresses, last used first.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Loading the saved addresses.',
          tags: ['loading'],
          invoke: {
            id: 'listAddresses',
            src: 'listAddresses',
            onDone: {
              target: 'loaded',
              actions: { type: 'assignAddresses', params: ({ event }) => ({ addresses: event.output }) },
            },
            onError: {
              target: 'unavailable',
              description: 'No saved addresses to offer: the form works without them.',
            },
          },
        },
        loaded: {
          description: 'The saved addresses are offered (none is fine).',
          on: {
            'address.use': { actions: 'fillFromSaved', description: 'One tap fills the whole form.' },
            'address.delete': { target: 'deleting' },
          },
        },
        deleting: {
          description: 'Deleting one saved address.',
          tags: ['loading'],
          invoke: {
            id: 'deleteAddress',
            src: 'deleteAddress',
            input: ({ event }) => ({ id: event.type === 'address.delete' ? event.id : '' }),
            onDone: {
              target: 'loaded',
              actions: { type: 'assignAddresses', params: ({ event }) => ({ addresses: event.output }) },
            },
            onError: {
              target: 'loaded',
              actions: 'assignDeleteError',
              description: 'The address stays; the page says the delete failed.',
            },
          },
        },
        unavailable: {
          description: 'The saved addresses could not be loaded; the shopper can try again.',
          tags: ['error'],
          on: { 'addresses.retry': 'loading' },
        },
      },
    },
    pincode: {
      description: 'The PIN code being typed, and where India Post says it is.',
      initial: 'idle',
      on: {
        'pincode.change': [
          {
            guard: 'isPinAnswered',
            target: '.answered',
            actions: 'assignPin',
            description: 'A PIN already looked up on this page: its answer is known.',
          },
          {
            guard: 'isSixDigitPin',
            target: '.lookingUp',
            actions: 'assignPin',
            description: 'Six digits: ask where this PIN is.',
          },
          { target: '.idle', actions: 'assignPin', description: 'Not a PIN yet: nothing to ask.' },
        ],
      },
      states: {
        idle: { description: 'No complete PIN code typed.' },
        lookingUp: {
          description: 'Asking the server where this PIN code is.',
          tags: ['pinLoading'],
          invoke: {
            id: 'lookupPincode',
            src: 'lookupPincode',
            input: ({ context }) => ({ pin: context.pin }),
            onDone: {
              target: 'answered',
              actions: [
                { type: 'assignAnswer', params: ({ event }) => ({ place: event.output }) },
                'fillFromPin',
              ],
              description: 'Known: City and State fill where blank. Unknown (404): the form says so.',
            },
            onError: {
              target: 'unavailable',
              description:
                'No answer: the form lets the PIN through and the server checks it at Place Order.',
            },
          },
        },
        answered: {
          description: 'The PIN code is known, or known not to exist; the form checks it against the state.',
        },
        unavailable: { description: 'The lookup failed; the server still checks the PIN at Place Order.' },
      },
    },
  },
});
