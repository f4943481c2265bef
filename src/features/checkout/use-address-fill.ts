import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { addressBookMachine } from '../../../machines/address-book.machine';
import { isShippingValueBlank, SHIPPING_FIELDS, type ShippingField } from '../../../shared/checkout-address';
import { saveDraft, shippingFieldsOf } from './draft';

/** What this hook uses of the checkout form's Conform metadata. */
type CheckoutFormControls = {
  id: string;
  validate: (options: { name: 'postalCode' }) => void;
  update: (options: { value: Record<ShippingField, string> }) => void;
};

/**
 * Carries out the address book's `address.fill` (a PIN's city and state, or a saved address) on the
 * checkout form. A PIN fills a field that is blank or still holds what the last fill put there (a PIN
 * corrected after its first lookup, or typed over a saved address's, brings its own city and state),
 * never one the shopper typed. The lookup of the PIN a fill came with leaves that fill's city and state
 * as they are (a saved "Gurgaon" stays, though India Post says Gurugram). The PIN's verdict is shown at
 * once: the PIN field is validated first (against the state as it stands), then the form takes the new
 * values in one update, which revalidates every field already validated.
 */
export function useAddressFill(actor: ActorRefFrom<typeof addressBookMachine>, form: CheckoutFormControls) {
  // What the last fill wrote in each field: still there, it is the fill's to replace.
  const filled = useRef<Partial<Record<ShippingField, string>>>({});
  // The PIN those values came with.
  const filledPin = useRef<string | null>(null);
  useEffect(() => {
    const subscription = actor.on('address.fill', (event) => {
      const element = document.getElementById(form.id);
      if (!(element instanceof HTMLFormElement)) return;
      const current = shippingFieldsOf(new FormData(element));
      const changes: Partial<Record<ShippingField, string>> = {};
      for (const name of SHIPPING_FIELDS) {
        const value = event.fields[name];
        if (value === undefined) continue;
        const blank = isShippingValueBlank(name, current[name]);
        const ours = filled.current[name] !== undefined && filled.current[name] === current[name];
        const samePin = filledPin.current === current.postalCode.trim();
        if (event.onlyBlank && !blank && (!ours || samePin)) continue;
        changes[name] = value;
      }
      if (current.postalCode.trim() !== '' && changes.postalCode === undefined)
        form.validate({ name: 'postalCode' });
      if (Object.keys(changes).length === 0) return;
      form.update({ value: { ...current, ...changes } });
      // The values stay the fill's until edited: a new PIN may replace them.
      filled.current = event.onlyBlank ? { ...filled.current, ...changes } : { ...changes };
      filledPin.current = (changes.postalCode ?? current.postalCode).trim();
      // The new PIN of a saved address is looked up like a typed one.
      if (changes.postalCode !== undefined) actor.send({ type: 'pincode.change', pin: changes.postalCode });
      queueMicrotask(() => saveDraft(element));
    });
    return () => subscription.unsubscribe();
  }, [actor, form]);
}
