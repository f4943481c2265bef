import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { type FormEvent, lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate } from 'react-router';
import { css } from 'styled-system/css';
import { pinAnswerOf } from '../../../machines/address-book.machine';
import { deliveryText } from '../../../shared/delivery';
import { MOBILE_PREFIX } from '../../../shared/phone';
import { useCartLines, useCartTotal, usePageActor } from '../../app/app-actor';
import { formStack } from '../../components/form-layout';
import { h1Style, Page } from '../../components/layout/page';
import { SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { InputField, TextareaField } from '../../components/ui/field';
import { PhoneField } from '../../components/ui/phone-field';
import { checkoutSchema, checkoutSchemaFor } from '../../forms/checkout.schema';
import { isConformIntentSubmit } from '../../forms/conform-intent';
import { PRIVATE_FORM } from '../../forms/private-form';
import { serverFieldErrors } from '../../forms/server-errors';
import { grid } from '../../theme/layout';
import { provideAddressBookMachine } from '../accounts';
import { provideCheckoutMachine } from './checkout.live';
import { forgetPlaced, markPlaced, placedOrder, readDraft, saveDraft, shippingFieldsOf } from './draft';
import { OrderSummary } from './order-summary';
import { SavedAddresses } from './saved-addresses';
import { StateSelect } from './state-select';
import { useAddressFill } from './use-address-fill';

/** Shown only after POST /orders answered 409: in a chunk of its own, out of the page's budget. */
const StockShortages = lazy(() =>
  import('./stock-shortages').then((module) => ({ default: module.StockShortages })),
);

/**
 * /checkout (spec §2 Checkout, §4, §5, §8). The form checks the Indian address rules the server
 * enforces; the checkout machine creates the order, empties the cart and goes to /payment.
 */
export default function CheckoutPage() {
  const lines = useCartLines();
  const total = useCartTotal();
  const [state, send] = usePageActor('checkout', provideCheckoutMachine);
  const processing = state.hasTag('loading') || state.matches('success');
  // A 409 lists the short lines above the form; Place Order waits for "Adjust my bag".
  const short = state.matches('shortage');
  const placedOrderId = state.context.orderId;
  // Back from /payment finds the cart this tab's order emptied: go to that order's payment instead of
  // offering a fresh Place Order. New items in the cart start a new checkout.
  const pendingPayment = useMemo(() => (lines.length === 0 ? placedOrder() : null), [lines.length]);
  useEffect(() => {
    if (lines.length > 0) forgetPlaced();
  }, [lines.length]);
  useEffect(() => {
    if (placedOrderId) markPlaced(placedOrderId);
  }, [placedOrderId]);
  const draft = useMemo(() => readDraft(), []);
  // A field the server refused (400 `{ error, field }`) shows its message under that field.
  const { fieldErrors } = state.context;
  const lastResult = useMemo(() => serverFieldErrors(fieldErrors), [fieldErrors]);

  // Saved addresses and the PIN code lookup (docs/storefront.md): a PIN fills City and State, and must be in
  // the state chosen; the schema reads the lookup's latest answer from the actor, as it arrives.
  // It chooses the saved address the form opens on (the last used for a blank form): summarised, with
  // Place Order in view, while the form has nothing to correct.
  const [book, sendBook, bookActor] = usePageActor('addressBook', provideAddressBookMachine, {
    formHolds: draft,
  });
  const schemaNow = () => checkoutSchemaFor(pinAnswerOf(bookActor.getSnapshot().context));

  const [form, fields] = useForm({
    id: 'checkout',
    lastResult,
    constraint: getZodConstraint(checkoutSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { phone: MOBILE_PREFIX, ...draft },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaNow() }),
  });
  const formProps = getFormProps(form);
  useAddressFill(bookActor, form);
  // A PIN kept from a refresh is looked up as if typed.
  useEffect(() => {
    if (draft.postalCode) sendBook({ type: 'pincode.change', pin: draft.postalCode });
  }, [draft, sendBook]);
  const pinAnswer = pinAnswerOf(book.context);
  const pinHelp = book.hasTag('pinLoading')
    ? 'Looking up the PIN code…'
    : pinAnswer?.place
      ? `${pinAnswer.place.city}, ${pinAnswer.place.state}`
      : 'City and state fill in from the PIN code';
  // The PIN's zone gives the days on the way; the dates are counted from today (shared/delivery.ts).
  const delivery = pinAnswer?.place?.delivery;
  const estimate = delivery ? `${deliveryText(delivery, new Date())} to ${pinAnswer?.pin}` : null;
  const saved = book.context.addresses;
  const selected = saved.find((a) => a.id === book.context.selectedId);
  const summarised = selected !== undefined && Object.keys(form.allErrors).length === 0;

  // Conform shows each field's own message; every real submit (Place Order or Enter) then goes to the
  // machine with the fields as typed, which decides what happens (the spec's toasts, or the order).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    // This form is never the browser's to submit: Conform leaves an intent submit whose parse has no
    // error (its validate and update buttons) to the browser, which sent the address in a GET.
    event.preventDefault();
    // Conform validates a field on blur by submitting through its own intent button: that is no order.
    if (isConformIntentSubmit(event)) return;
    const data = new FormData(event.currentTarget);
    send({
      type: 'checkout.submit',
      items: lines,
      ...shippingFieldsOf(data),
      fieldsValid: parseWithZod(data, { schema: schemaNow() }).status === 'success',
    });
  };

  if (pendingPayment && !placedOrderId)
    return <Navigate to={`/payment?orderId=${encodeURIComponent(pendingPayment)}`} replace />;

  return (
    <Page>
      <h1 className={h1Style}>Checkout</h1>
      {short ? (
        <Suspense fallback={null}>
          <StockShortages
            shortages={state.context.shortages}
            onAdjust={() => send({ type: 'checkout.adjust' })}
          />
        </Suspense>
      ) : null}
      <div
        className={css(grid, {
          mt: '6',
          gap: '8',
          gridTemplateColumns: { base: '1fr', lg: '1fr 24rem' },
          alignItems: 'start',
        })}
      >
        <Card as="section" aria-labelledby="shipping-title">
          <h2 id="shipping-title" className={css({ textStyle: 'cardTitle', mb: '5' })}>
            Shipping Information
          </h2>
          <SavedAddresses
            loading={book.matches({ saved: 'loading' })}
            addresses={saved}
            selected={summarised ? selected : undefined}
            onUse={(id) => sendBook({ type: 'address.use', id })}
            onChange={() => sendBook({ type: 'address.change' })}
          />
          <form
            {...PRIVATE_FORM}
            {...formProps}
            onSubmit={onSubmit}
            onInput={(event) => {
              saveDraft(event.currentTarget);
              // Typed before the saved addresses came: nothing is chosen over it.
              if (bookActor.getSnapshot().context.formHolds !== null) sendBook({ type: 'form.typed' });
              const target = event.target as HTMLInputElement;
              if (target.name === fields.postalCode.name)
                sendBook({ type: 'pincode.change', pin: target.value });
            }}
            onChange={(event) => saveDraft(event.currentTarget)}
            className={formStack}
          >
            {/* Summarised while a saved address is chosen; still sent with the order. PIN first: it fills
                City and State. */}
            <div hidden={summarised} className={summarised ? css({ display: 'none' }) : formStack}>
              <div className={css(grid, { gap: '5', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
                <InputField meta={fields.fullName} label="Full name" autoComplete="name" required />
                <PhoneField
                  meta={fields.phone}
                  label="Phone"
                  helperText="Your 10-digit mobile number after +91"
                  required
                />
                <InputField
                  meta={fields.postalCode}
                  label="PIN code"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  maxLength={6}
                  placeholder="110001"
                  helperText={pinHelp}
                  required
                />
              </div>
              <TextareaField
                meta={fields.address}
                label="Address"
                autoComplete="street-address"
                placeholder="House / flat number, street, area"
                rows={3}
                required
              />
              <div className={css(grid, { gap: '5', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
                <InputField meta={fields.city} label="City" autoComplete="address-level2" required />
                <StateSelect meta={fields.state} label="State / union territory" />
              </div>
            </div>
            <p aria-live="polite" className={css({ color: 'fg.muted', _empty: { display: 'none' } })}>
              {estimate}
            </p>
            <SubmitButton size="lg" disabled={processing || short} aria-busy={processing}>
              {processing ? 'Processing...' : 'Place Order'}
            </SubmitButton>
          </form>
        </Card>
        <OrderSummary lines={lines} total={total} />
      </div>
    </Page>
  );
}
