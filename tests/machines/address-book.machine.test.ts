import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type AddressFields,
  addressBookMachine,
  type FillAddressEmitted,
  type PinPlace,
  pinAnswerOf,
  type SavedAddress,
} from '../../machines/address-book.machine';
import { savedDelhi } from './support/fixtures';

const DELHI: SavedAddress = savedDelhi;
const BANGALORE: PinPlace = {
  pin: '560038',
  city: 'Bangalore',
  state: 'Karnataka',
  states: ['Karnataka'],
  offices: ['Indiranagar'],
};

/** The machine over fake actors; `lookups` counts the PIN lookups asked of the server. */
function start(
  options: {
    places?: Record<string, PinPlace | null>;
    lookupFails?: boolean;
    saved?: SavedAddress[];
    formHolds?: Partial<AddressFields>;
  } = {},
) {
  const lookups: string[] = [];
  const fills: FillAddressEmitted[] = [];
  let saved = options.saved ?? [DELHI];
  const actor = createActor(
    addressBookMachine.provide({
      actors: {
        listAddresses: fromPromise(async () => saved),
        deleteAddress: fromPromise(async ({ input }) => {
          saved = saved.filter((a) => a.id !== input.id);
          return saved;
        }),
        lookupPincode: fromPromise(async ({ input }) => {
          lookups.push(input.pin);
          if (options.lookupFails) throw new Error('offline');
          return options.places?.[input.pin] ?? null;
        }),
      },
    }),
    { input: options.formHolds ? { formHolds: options.formHolds } : {} },
  );
  actor.on('address.fill', (event) => fills.push(event));
  actor.start();
  return { actor, lookups, fills };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('addressBookMachine: the PIN code', () => {
  it('looks up a six-digit PIN and fills the blank City and State with its place', async () => {
    const { actor, lookups, fills } = start({ places: { '560038': BANGALORE } });
    actor.send({ type: 'pincode.change', pin: ' 560038 ' });
    expect(actor.getSnapshot().hasTag('pinLoading')).toBe(true);
    await settled();
    expect(actor.getSnapshot().matches({ pincode: 'answered' })).toBe(true);
    expect(lookups).toEqual(['560038']);
    expect(fills).toEqual([
      { type: 'address.fill', fields: { city: 'Bangalore', state: 'Karnataka' }, onlyBlank: true },
    ]);
    expect(pinAnswerOf(actor.getSnapshot().context)).toEqual({ pin: '560038', place: BANGALORE });
  });

  it('asks nothing for a PIN that is not six digits yet, and forgets the last answer', async () => {
    const { actor, lookups } = start({ places: { '560038': BANGALORE } });
    actor.send({ type: 'pincode.change', pin: '560038' });
    await settled();
    for (const pin of ['5600', '056003', '5600389', '56OO38']) {
      actor.send({ type: 'pincode.change', pin });
      expect(actor.getSnapshot().matches({ pincode: 'idle' })).toBe(true);
      expect(pinAnswerOf(actor.getSnapshot().context)).toBeUndefined();
    }
    expect(lookups).toEqual(['560038']);
  });

  it('remembers each answer on the page: a PIN typed again is not asked twice', async () => {
    const { actor, lookups } = start({ places: { '560038': BANGALORE } });
    actor.send({ type: 'pincode.change', pin: '560038' });
    await settled();
    actor.send({ type: 'pincode.change', pin: '56003' });
    actor.send({ type: 'pincode.change', pin: '560038' });
    expect(actor.getSnapshot().matches({ pincode: 'answered' })).toBe(true);
    expect(lookups).toEqual(['560038']);
  });

  it('fills City and State again from a PIN typed again (typed back after another)', async () => {
    const { actor, fills } = start({ places: { '560038': BANGALORE } });
    actor.send({ type: 'pincode.change', pin: '560038' });
    await settled();
    actor.send({ type: 'pincode.change', pin: '56003' });
    actor.send({ type: 'pincode.change', pin: '560038' });
    const fill = { type: 'address.fill', fields: { city: 'Bangalore', state: 'Karnataka' }, onlyBlank: true };
    expect(fills).toEqual([fill, fill]);
  });

  it('knows a PIN India Post does not list (the answer null), and fills nothing', async () => {
    const { actor, fills } = start();
    actor.send({ type: 'pincode.change', pin: '999999' });
    await settled();
    expect(pinAnswerOf(actor.getSnapshot().context)).toEqual({ pin: '999999', place: null });
    expect(fills).toEqual([{ type: 'address.fill', fields: {}, onlyBlank: true }]);
  });

  it('lets the PIN through unknown when the lookup fails (the server checks it at Place Order)', async () => {
    const { actor } = start({ lookupFails: true });
    actor.send({ type: 'pincode.change', pin: '560038' });
    await settled();
    expect(actor.getSnapshot().matches({ pincode: 'unavailable' })).toBe(true);
    expect(pinAnswerOf(actor.getSnapshot().context)).toBeUndefined();
  });
});

describe('addressBookMachine: saved addresses', () => {
  it('loads the saved addresses and fills the whole form with one in one event', async () => {
    const { actor, fills } = start();
    await settled();
    expect(actor.getSnapshot().context.addresses).toEqual([DELHI]);
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    actor.send({ type: 'address.use', id: 'a1' });
    const { id: _id, ...fields } = DELHI;
    expect(fills).toEqual([{ type: 'address.fill', fields, onlyBlank: false }]);
    expect(actor.getSnapshot().context.selectedId).toBe('a1');
    actor.send({ type: 'address.change' });
    expect(actor.getSnapshot().context.selectedId).toBeNull();
  });

  it('deletes one and shows the list the server answers', async () => {
    const { actor } = start();
    await settled();
    actor.send({ type: 'address.delete', id: 'a1' });
    expect(actor.getSnapshot().matches({ saved: 'deleting' })).toBe(true);
    await settled();
    expect(actor.getSnapshot().matches({ saved: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.addresses).toEqual([]);
  });
});

describe('addressBookMachine: the address a checkout opens on', () => {
  const { id: _id, ...delhiFields } = DELHI;
  const MUMBAI: SavedAddress = {
    ...DELHI,
    id: 'a2',
    address: '5 Marine Drive',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400020',
  };

  it('chooses the last used saved address for a blank form (its +91 is nothing typed) and fills it', async () => {
    const { actor, fills } = start({ saved: [DELHI, MUMBAI], formHolds: { fullName: ' ', phone: '+91' } });
    await settled();
    expect(actor.getSnapshot().context.selectedId).toBe('a1');
    expect(fills).toEqual([{ type: 'address.fill', fields: delhiFields, onlyBlank: false }]);
  });

  it('chooses the saved address the form already holds (a refresh after choosing it)', async () => {
    const { id: _m, ...mumbaiFields } = MUMBAI;
    const { actor } = start({ saved: [DELHI, MUMBAI], formHolds: mumbaiFields });
    await settled();
    expect(actor.getSnapshot().context.selectedId).toBe('a2');
  });

  it('chooses nothing for a form holding another address, or typed in before the addresses came', async () => {
    const typed = start({ saved: [DELHI], formHolds: { ...delhiFields, address: '13 Janpath' } });
    await settled();
    expect(typed.actor.getSnapshot().context.selectedId).toBeNull();
    expect(typed.fills).toEqual([]);
    const early = start({ saved: [DELHI], formHolds: {} });
    early.actor.send({ type: 'form.typed' });
    await settled();
    expect(early.actor.getSnapshot().context.selectedId).toBeNull();
    expect(early.fills).toEqual([]);
  });

  it('chooses nothing on the account page, and forgets a deleted choice', async () => {
    const account = start({ saved: [DELHI] });
    await settled();
    expect(account.actor.getSnapshot().context.selectedId).toBeNull();
    const checkout = start({ saved: [DELHI], formHolds: {} });
    await settled();
    checkout.actor.send({ type: 'address.delete', id: 'a1' });
    await settled();
    expect(checkout.actor.getSnapshot().context.selectedId).toBeNull();
  });
});
