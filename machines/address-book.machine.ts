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

/** A saved address as the checkout form holds it: every field but the id. */
export type AddressFields = Omit<SavedAddress, 'id'>;

/** Input: the checkout passes what its form holds as it opens; the account page passes nothing. */
export type AddressBookInput = { formHolds?: Partial<AddressFields> } | undefined;

export type AddressBookEvent =
  /** The PIN code field as typed (every keystroke: a lookup starts once it is six digits). */
  | { type: 'pincode.change'; pin: string }
  /** Fill the checkout form with one of the saved addresses ("Deliver here"). */
  | { type: 'address.use'; id: string }
  /** "Change": the saved addresses to pick from and the form to type a new one, in place of the summary. */
  | { type: 'address.change' }
  /** The shopper typed in the checkout form before the saved addresses came: nothing is chosen for them. */
  | { type: 'form.typed' }
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
  /**
   * The saved address the checkout form holds, summarised there in place of the form ("Deliver to …",
   * Change); null while the form is shown.
   */
  selectedId: string | null;
  /**
   * What the checkout form held as it opened, until the saved addresses come: the saved address equal
   * to it is chosen, or the last used one when it held nothing. null on the account page, and once the
   * shopper has typed.
   */
  formHolds: Partial<AddressFields> | null;
};

const ADDRESS_FIELDS = ['fullName', 'address', 'city', 'state', 'postalCode', 'phone'] as const;

/**
 * The saved address a checkout opening on `formHolds` starts on: the last used (first) when the form
 * holds nothing, the one equal to what it holds (a refresh after choosing it), else none.
 */
function openingAddress(
  addresses: readonly SavedAddress[],
  formHolds: Partial<AddressFields> | null,
): SavedAddress | undefined {
  if (!formHolds) return undefined;
  const held = (name: (typeof ADDRESS_FIELDS)[number]) => (formHolds[name] ?? '').trim();
  // The phone input starts on its own +91: that alone is nothing typed.
  const blank = ADDRESS_FIELDS.every(
    (name) => held(name) === '' || (name === 'phone' && held(name) === '+91'),
  );
  if (blank) return addresses[0];
  return addresses.find((a) => ADDRESS_FIELDS.every((name) => a[name].trim() === held(name)));
}

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
    input: {} as AddressBookInput,
    events: {} as AddressBookEvent,
    emitted: {} as FillAddressEmitted,
  },
  actors: {
    listAddresses: fromPromise<SavedAddress[]>(async () => {
      throw new Error('listAddresses is provided by its *.live.ts in src/features');
    }),
    deleteAddress: fromPromise<SavedAddress[], { id: string }>(async () => {
      throw new Error('deleteAddress is provided by its *.live.ts in src/features');
    }),
    /** The PIN's place, or null for a PIN India Post does not list (the server's 404). */
    lookupPincode: fromPromise<PinPlace | null, { pin: string }>(async () => {
      throw new Error('lookupPincode is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    isSixDigitPin: ({ event }) => event.type === 'pincode.change' && isPin(event.pin.trim()),
    isPinAnswered: ({ context, event }) =>
      event.type === 'pincode.change' && event.pin.trim() in context.answers,
    opensOnSavedAddress: ({ context }, params: { addresses: SavedAddress[] }) =>
      openingAddress(params.addresses, context.formHolds) !== undefined,
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
      // A deleted address is no longer the one the form holds.
      selectedId: ({ context }, params: { addresses: SavedAddress[] }) =>
        params.addresses.some((a) => a.id === context.selectedId) ? context.selectedId : null,
    }),
    selectOpeningAddress: assign({
      selectedId: ({ context }) => openingAddress(context.addresses, context.formHolds)?.id ?? null,
    }),
    forgetOpeningForm: assign({ formHolds: null }),
    selectUsedAddress: assign({
      selectedId: ({ event }) => (event.type === 'address.use' ? event.id : null),
    }),
    unselectAddress: assign({ selectedId: null }),
    assignDeleteError: assign({ deleteError: 'The address could not be deleted. Please try again.' }),
    fillFromPin: emit(({ context }) => {
      const place = context.answers[context.pin];
      return {
        type: 'address.fill' as const,
        fields: place ? { city: place.city, state: place.state } : {},
        onlyBlank: true,
      };
    }),
    fillFromSaved: emit(({ context }) => {
      const saved = context.addresses.find((a) => a.id === context.selectedId);
      const { id: _id, ...fields } = saved ?? { id: '' };
      return { type: 'address.fill' as const, fields, onlyBlank: false };
    }),
  },
}).createMachine({
  id: 'addressBook',
  description: "The signed-in shopper's saved shipping addresses, and what India Post says about a PIN code.",
  type: 'parallel',
  context: ({ input }) => ({
    addresses: [],
    pin: '',
    answers: {},
    deleteError: null,
    selectedId: null,
    formHolds: input?.formHolds ?? null,
  }),
  states: {
    saved: {
      description: 'The saved addresses, last used first.',
      initial: 'loading',
      on: {
        'form.typed': {
          actions: 'forgetOpeningForm',
          description: 'Typing before the saved addresses came: the form stays as typed.',
        },
      },
      states: {
        loading: {
          description: 'Loading the saved addresses.',
          tags: ['loading'],
          invoke: {
            id: 'listAddresses',
            src: 'listAddresses',
            onDone: [
              {
                guard: { type: 'opensOnSavedAddress', params: ({ event }) => ({ addresses: event.output }) },
                target: 'loaded',
                actions: [
                  { type: 'assignAddresses', params: ({ event }) => ({ addresses: event.output }) },
                  'selectOpeningAddress',
                  'forgetOpeningForm',
                  'fillFromSaved',
                ],
                description:
                  'The checkout opens on a saved address: the last used when the form was blank, or the one it holds.',
              },
              {
                target: 'loaded',
                actions: [
                  { type: 'assignAddresses', params: ({ event }) => ({ addresses: event.output }) },
                  'forgetOpeningForm',
                ],
              },
            ],
            onError: {
              target: 'unavailable',
              description: 'No saved addresses to offer: the form works without them.',
            },
          },
        },
        loaded: {
          description: 'The saved addresses are offered (none is fine).',
          on: {
            'address.use': {
              actions: ['selectUsedAddress', 'fillFromSaved'],
              description: 'One tap fills the whole form, summarised in its place.',
            },
            'address.change': {
              actions: 'unselectAddress',
              description: 'Change: pick another saved address or type a new one in the form.',
            },
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
            actions: ['assignPin', 'fillFromPin'],
            description: 'A PIN already looked up on this page: its answer is known, and fills as before.',
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
