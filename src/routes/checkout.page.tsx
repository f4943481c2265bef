import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useMemo } from 'react';
import { Navigate } from 'react-router';
import { css } from 'styled-system/css';
import { SHIPPING_FIELDS } from '../../machines/checkout.machine';
import { firstBlankField, type ShippingAddress } from '../../shared/checkout-address';
import { provideCheckoutMachine } from '../app/actors/checkout.live';
import { useEmitted } from '../app/emitted';
import { usePageMachine } from '../app/machines-context';
import { useCartLines, useCartTotal } from '../app/root-actors';
import { h1Style, Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { InputField, TextareaField } from '../components/ui/field';
import { checkoutSchema } from '../forms/checkout.schema';
import { isConformIntentSubmit } from '../forms/conform-intent';
import { serverFieldErrors } from '../forms/server-errors';
import { formStack } from './auth/form-layout';
import { forgetPlaced, markPlaced, placedOrder, readDraft, saveDraft } from './checkout/draft';
import { OrderSummary } from './checkout/order-summary';
import { StateSelect } from './checkout/state-select';

/** The name of Conform's internal intent button (`INTENT` of @conform-to/dom). */

/**
 * /checkout (spec §2 Checkout, §4, §5, §8). The form checks the Indian address rules the server
 * enforces; the checkout machine creates the order, empties the cart and goes to /payment.
 */
export default function CheckoutPage() {
  const lines = useCartLines();
  const total = useCartTotal();
  const [state, send, actor] = useMachine(usePageMachine('checkout', provideCheckoutMachine));
  useEmitted(actor);
  const processing = state.hasTag('loading') || state.matches('success');
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

  const [form, fields] = useForm({
    id: 'checkout',
    lastResult,
    constraint: getZodConstraint(checkoutSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { phone: '+91', ...draft },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === 'success')
        send({ type: 'checkout.submit', items: lines, ...submission.value });
    },
  });
  const formProps = getFormProps(form);

  // A blank field (or an empty cart) also goes to the machine, which owns the spec's toasts for them
  // ('Please fill all fields', 'Cart is empty'); the inline messages show at the same time.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Conform validates a field on blur by submitting the form through its own intent button; only a
    // real submit (the Place Order button or Enter) may reach the machine.
    if (isConformIntentSubmit(event)) {
      formProps.onSubmit(event);
      return;
    }
    const data = new FormData(event.currentTarget);
    const raw = Object.fromEntries(
      SHIPPING_FIELDS.map((name) => [name, String(data.get(name) ?? '')]),
    ) as ShippingAddress;
    formProps.onSubmit(event);
    if (firstBlankField(raw) !== null) send({ type: 'checkout.submit', items: lines, ...raw });
  };

  if (pendingPayment && !placedOrderId)
    return <Navigate to={`/payment?orderId=${encodeURIComponent(pendingPayment)}`} replace />;

  return (
    <Page>
      <h1 className={h1Style}>Checkout</h1>
      <div
        className={css({
          mt: '6',
          display: 'grid',
          gap: '8',
          gridTemplateColumns: { base: '1fr', lg: '1fr 24rem' },
          alignItems: 'start',
        })}
      >
        <Card as="section" aria-labelledby="shipping-title">
          <h2
            id="shipping-title"
            className={css({ textStyle: 'h3', fontFamily: 'display', fontSize: 'xl', mb: '5' })}
          >
            Shipping Information
          </h2>
          <form
            {...formProps}
            onSubmit={onSubmit}
            onInput={(event) => saveDraft(event.currentTarget)}
            onChange={(event) => saveDraft(event.currentTarget)}
            className={formStack}
          >
            <InputField
              key={fields.fullName.key}
              label="Full name"
              name={fields.fullName.name}
              defaultValue={fields.fullName.initialValue}
              autoComplete="name"
              required
              errors={fields.fullName.errors}
            />
            <TextareaField
              key={fields.address.key}
              label="Address"
              name={fields.address.name}
              defaultValue={fields.address.initialValue}
              autoComplete="street-address"
              placeholder="House / flat number, street, area"
              rows={3}
              required
              errors={fields.address.errors}
            />
            <div
              className={css({
                display: 'grid',
                gap: '5',
                gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
              })}
            >
              <InputField
                key={fields.city.key}
                label="City"
                name={fields.city.name}
                defaultValue={fields.city.initialValue}
                autoComplete="address-level2"
                required
                errors={fields.city.errors}
              />
              <StateSelect key={fields.state.key} meta={fields.state} label="State / union territory" />
              <InputField
                key={fields.postalCode.key}
                label="PIN code"
                name={fields.postalCode.name}
                defaultValue={fields.postalCode.initialValue}
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={6}
                placeholder="110001"
                required
                errors={fields.postalCode.errors}
              />
              <InputField
                key={fields.phone.key}
                label="Phone"
                name={fields.phone.name}
                defaultValue={fields.phone.initialValue}
                type="tel"
                autoComplete="tel"
                placeholder="+91XXXXXXXXXX"
                helperText="Your 10-digit mobile number, with or without +91"
                required
                errors={fields.phone.errors}
              />
            </div>
            <Button type="submit" size="lg" disabled={processing} aria-busy={processing}>
              {processing ? 'Processing...' : 'Place Order'}
            </Button>
          </form>
        </Card>
        <OrderSummary lines={lines} total={total} />
      </div>
    </Page>
  );
}
