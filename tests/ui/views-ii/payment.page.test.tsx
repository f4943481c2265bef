import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  failsOnce,
  findHeading,
  findToast,
  json,
  renderApp as renderSignedIn,
} from './support/app';
import { apiOrder, SHIPPED_TO } from './support/orders';
import { PAYMENT_FIELDS } from './support/payment-fields';

/** A Pending order of the shopper; its ship-to name and phone are blank unless a test gives them. */
const pendingOrder = (extra: Record<string, unknown> = {}) =>
  apiOrder('SF-ORDER1', 0, {
    shippingAddress: { ...SHIPPED_TO, fullName: '', phone: '' },
    ...extra,
  });

/** The payment page loads the order first: every render answers it unless the test says otherwise. */
function renderApp(options: Parameters<typeof renderSignedIn>[0]) {
  return renderSignedIn({
    ...options,
    api: { 'GET /orders/:orderId': () => json(pendingOrder()), ...options.api },
  });
}

type User = ReturnType<typeof renderApp>['user'];
type Answer = Parameters<typeof json>[0];

const ORDER = 'SF-ORDER1';

/** Types a name and an email, `number` over the mobile number, and presses Pay Now; gives the phone box. */
async function payWithPhone(user: User, number: string) {
  await user.type(await screen.findByLabelText(/^Name/), 'Asha Verma');
  await user.type(screen.getByLabelText(/^Email/), 'asha@example.in');
  const phone = screen.getByRole('textbox', { name: /^Mobile number/ });
  await user.clear(phone);
  await user.type(phone, number);
  await user.click(screen.getByRole('button', { name: 'Pay Now' }));
  return phone;
}

function renderPayment(
  answer?: () => Response | Promise<Response>,
  extra: Parameters<typeof renderApp>[0]['api'] = {},
) {
  return renderApp({
    path: `/payment?orderId=${ORDER}`,
    api: {
      'GET /payments/fields': () => json({ fields: PAYMENT_FIELDS }),
      ...(answer ? { 'POST /payments': answer } : {}),
      ...extra,
    },
    // The QR screen polls the order every 3 s in the app; a test need not wait that long.
    adjust: (machines) => ({
      ...machines,
      payment: machines.payment.provide({ delays: { pollInterval: 20 } }),
    }),
  });
}

async function fillRequired(user: User) {
  await user.type(await screen.findByLabelText(/^Name/), 'Asha Verma');
  await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
  await user.type(screen.getByLabelText(/^Mobile number/), '9876543210');
}

async function pay(user: User) {
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Pay Now' }));
}

describe('/payment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the order id is missing and links back to checkout when there is none', async () => {
    const { calls } = renderApp({ path: '/payment' });
    await findHeading('Complete Your Payment');
    expect(await screen.findByText('Order ID is missing. Please return to checkout.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute('href', '/checkout');
    expect(calls.some((c) => c.path === '/payments/fields')).toBe(false);
  });

  it('reads the order id from the navigation state', async () => {
    renderApp({
      path: '/payment',
      state: { orderId: 'SF-STATE' },
      api: { 'GET /payments/fields': () => json({ fields: PAYMENT_FIELDS }) },
    });
    expect(await screen.findByText('Order SF-STATE')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('shows the loading text while the field definitions load', async () => {
    renderApp({
      path: `/payment?orderId=${ORDER}`,
      api: { 'GET /payments/fields': () => new Promise(() => {}) },
    });
    expect(await screen.findByText('Loading payment form...')).toBeInTheDocument();
  });

  it('shows the §8 text when the field definitions fail to load', async () => {
    renderApp({
      path: `/payment?orderId=${ORDER}`,
      api: { 'GET /payments/fields': () => json({ error: 'x' }, 500) },
    });
    expect(
      await screen.findByText('Failed to load payment form. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('builds a control for every field type with its default value', async () => {
    renderPayment();
    await findHeading('Complete Your Payment');
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.getByText('As on your bank account or card')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('type', 'email');
    const phone = screen.getByRole('textbox', { name: /^Mobile number/ });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveValue('+91');
    expect(phone).toHaveAttribute('placeholder', '+91XXXXXXXXXX');
    expect(screen.getByRole('combobox', { name: /^Pay with/ })).toHaveTextContent('UPI QR code');
    expect(screen.getByLabelText(/^Test PIN/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('spinbutton', { name: /^Tip for the courier/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Delivery note/ })).toHaveValue('Leave at the door');
    expect(screen.getByRole('checkbox', { name: 'Send updates on WhatsApp' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /^GSTIN/ })).not.toBeInTheDocument();
  });

  it('keeps Pay Now disabled until every required visible field is filled', async () => {
    const { user } = renderPayment();
    const payNow = await screen.findByRole('button', { name: 'Pay Now' });
    expect(payNow).toBeDisabled();
    await fillRequired(user);
    expect(payNow).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: /^Business name/ }), 'Asha Textiles');
    // GSTIN appears (showWhenFilled) and is required while blank.
    expect(await screen.findByRole('textbox', { name: /^GSTIN/ })).toBeInTheDocument();
    expect(payNow).toBeDisabled();
    // Much typing: on a loaded 2-core machine this takes longer than the default 5 s.
  }, 20_000);

  it('takes the mobile number typed or pasted any usual way and sends it as +91 and ten digits', async () => {
    const { user, calls } = renderPayment(() => json({ success: false, error: 'stop here' }));
    await user.type(await screen.findByLabelText(/^Name/), 'Asha Verma');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.in');
    const phone = screen.getByRole('textbox', { name: /^Mobile number/ });
    // Cleared, then typed as written on a visiting card: once corrupted into +919198765432.
    await user.clear(phone);
    await user.type(phone, '+91 98765 43210');
    await user.tab();
    expect(phone).toHaveValue('+919876543210');
    expect(screen.queryByText(/Phone number must/)).not.toBeInTheDocument();
    // Pasted with a trunk 0: once a wrong 'at least 13 characters'.
    await user.clear(phone);
    await user.click(phone);
    await user.paste('098765 43210');
    await user.tab();
    expect(screen.queryByText(/Phone number must/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await screen.findByText('stop here');
    expect(calls.find((c) => c.path === '/payments')?.body).toMatchObject({
      fields: { phone: '+919876543210' },
    });
  });

  it('forces the mobile number to +91 and ten digits as it is typed, letters and all (spec §5)', async () => {
    const { user } = renderPayment(() => json({ success: false, error: 'stop here' }));
    const phone = await screen.findByRole('textbox', { name: /^Mobile number/ });
    await user.clear(phone);
    await user.type(phone, '98765abc43210');
    // Before leaving the field: what it shows is what is sent.
    expect(phone).toHaveValue('+919876543210');
    await user.type(phone, '99');
    expect(phone).toHaveValue('+919876543210');
  });

  it('refuses a ten-digit number that is no Indian mobile (they start 6–9) with the toast', async () => {
    const { user, calls } = renderPayment(() => json({ success: true }));
    await payWithPhone(user, '58765 43210');
    await findToast('Validation Error', 'Please correct the errors in the form');
    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/payments' && c.method === 'POST')).toBe(false);
  });

  it('applies the field mask as the shopper types', async () => {
    const { user } = renderPayment();
    const card = await screen.findByRole('textbox', { name: /^Card number/ });
    await user.type(card, '4111111111111111');
    expect(card).toHaveValue('4111 1111 1111 1111');
  });

  it('shows the rule message of a required conditional field on blur', async () => {
    const { user } = renderPayment();
    await user.type(await screen.findByRole('textbox', { name: /^Business name/ }), 'Asha');
    await user.click(await screen.findByRole('textbox', { name: /^GSTIN/ }));
    await user.tab();
    expect(await screen.findByText('Please enter the GSTIN for the invoice')).toBeInTheDocument();
  });

  it('toasts Validation Error and shows the email message when the email is malformed', async () => {
    const { user, calls } = renderPayment(() => json({ success: true }));
    await user.type(await screen.findByLabelText(/^Name/), 'Asha Verma');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example');
    await user.type(screen.getByLabelText(/^Mobile number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await findToast('Validation Error');
    expect(screen.getByText('Please correct the errors in the form')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/payments' && c.method === 'POST')).toBe(false);
  });

  it('toasts Validation Error and shows the phone message when the phone is +91123', async () => {
    const { user, calls } = renderPayment(() => json({ success: true }));
    const phone = await payWithPhone(user, '+91123');
    await findToast('Validation Error', 'Please correct the errors in the form');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/payments' && c.method === 'POST')).toBe(false);
  });

  it('posts the visible fields, trimmed, with the order id', async () => {
    const { user, calls } = renderPayment(() => json({ success: false, error: 'stop here' }));
    await pay(user);
    await screen.findByText('stop here');
    expect(calls.find((c) => c.path === '/payments')?.body).toEqual({
      orderId: ORDER,
      fields: {
        payerName: 'Asha Verma',
        email: 'asha@example.com',
        phone: '+919876543210',
        method: 'upi_qr',
        businessName: '',
        cardNumber: '',
        upiPin: '',
        tip: '',
        note: 'Leave at the door',
        whatsapp: true,
      },
    });
  });

  it('submits a hidden POST form with type, url and data[...] for redirect_post', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const answer: Answer = {
      success: true,
      redirectUrl: 'http://gw.test/page/a1',
      action: {
        type: 'redirect_post',
        redirectUrl: 'http://gw.test/page/a1',
        formParams: { type: 'POST', url: 'http://gw.test/pay', data: { attemptId: 'a1', amount: '2998' } },
      },
    };
    const { user } = renderPayment(() => json(answer));
    await pay(user);
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://gw.test/page/a1');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      type: 'POST',
      url: 'http://gw.test/pay',
      'data[attemptId]': 'a1',
      'data[amount]': '2998',
    });
    expect(await screen.findByText('Redirecting to the payment gateway...')).toBeInTheDocument();
  });

  it('opens the UPI app for a deeplink and offers to open it again', async () => {
    const link = 'upi://pay?pa=statefront.sandbox@example&am=2998.00';
    const { user } = renderPayment(() =>
      json({ success: true, action: { type: 'deeplink', redirectUrl: link } }),
    );
    await pay(user);
    expect(
      await screen.findByRole('heading', { name: 'Complete the payment in your UPI app' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the payment app again' })).toHaveAttribute('href', link);
  });

  it('shows the QR code, waits for the payment and then goes to order success', async () => {
    let status = 0;
    const answer: Answer = {
      success: true,
      redirectUrl: 'http://shop.test/api/v1/payments/sandbox/a1',
      action: { type: 'qr', qr: 'upi://pay?pa=statefront.sandbox@example', qrBase64: 'AAAA' },
    };
    const { user, location } = renderPayment(() => json(answer), {
      'GET /orders/:orderId': () => json({ id: ORDER, status }),
    });
    await pay(user);
    expect(
      await screen.findByRole('heading', { name: 'Scan QR Code to Complete Payment' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/scan this code with your banking or payment app/i)).toBeInTheDocument();
    expect(screen.getByText('Sandbox: a test code, no UPI app can pay it')).toBeInTheDocument();
    const code = screen.getByRole('img', { name: 'Payment QR code' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(code).toHaveAttribute('width', '256');
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for payment confirmation...');
    expect(screen.getByRole('link', { name: 'Open test gateway (sandbox)' })).toHaveAttribute(
      'href',
      'http://shop.test/api/v1/payments/sandbox/a1',
    );
    status = 1;
    await findHeading('Thank You for Your Order!');
    expect(location()).toBe(`/order-success?orderId=${ORDER}`);
  });

  it('shows a QR payment failed at the gateway, with Try again (a new code) and Choose another method', async () => {
    let standing = 'pending';
    let started = 0;
    const { user, calls } = renderPayment(
      () => {
        started += 1;
        return json({
          success: true,
          action: { type: 'qr', qr: 'upi://pay?pa=x@y' },
          attemptId: `a${started}`,
        });
      },
      { 'GET /payments/:attemptId': () => json({ status: standing }) },
    );
    await pay(user);
    // The code's validity counts down from 10:00 each second: a slow machine may first see 9:59.
    expect(
      await screen.findByText((_, element) => /^Valid for (10:00|9:5\d)$/.test(element?.textContent ?? '')),
    ).toBeInTheDocument();
    standing = 'failed';
    expect(
      await screen.findByRole('heading', { name: 'Payment failed' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/payments/a1')).toBe(true);
    expect(screen.queryByText('Waiting for payment confirmation...')).not.toBeInTheDocument();

    standing = 'pending';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Scan QR Code to Complete Payment' }),
    ).toBeInTheDocument();
    expect(started).toBe(2);
    await waitFor(() => expect(calls.some((c) => c.path === '/payments/a2')).toBe(true));

    standing = 'expired';
    expect(
      await screen.findByRole('heading', { name: 'Payment time ran out' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose another method' }));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Pay with/ })).toBeInTheDocument();
  });

  it('expires an unpaid QR code when its 10 minutes run out', async () => {
    const { user } = renderApp({
      path: `/payment?orderId=${ORDER}`,
      api: {
        'GET /payments/fields': () => json({ fields: PAYMENT_FIELDS }),
        'POST /payments': () =>
          json({ success: true, action: { type: 'qr', qr: 'upi://pay?pa=x@y' }, attemptId: 'a1' }),
        'GET /payments/:attemptId': () => json({ status: 'pending' }),
      },
      adjust: (machines) => ({
        ...machines,
        payment: machines.payment.provide({ delays: { pollInterval: 20, attemptValidity: 150 } }),
      }),
    });
    await pay(user);
    expect(
      await screen.findByRole('heading', { name: 'Payment time ran out' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another method' })).toBeInTheDocument();
  });

  it('checks the UPI-app payment when the shopper comes back to the tab, and on I have paid', async () => {
    let standing = 'pending';
    const { user, calls, location } = renderApp({
      path: `/payment?orderId=${ORDER}`,
      api: {
        'GET /payments/fields': () => json({ fields: PAYMENT_FIELDS }),
        'POST /payments': () =>
          json({
            success: true,
            action: { type: 'deeplink', redirectUrl: 'upi://pay?pa=x@y' },
            attemptId: 'a1',
          }),
        'GET /payments/:attemptId': () => json({ status: standing }),
      },
    });
    await pay(user);
    expect(
      await screen.findByRole('heading', { name: 'Complete the payment in your UPI app' }),
    ).toBeInTheDocument();
    const looks = () => calls.filter((c) => c.path === '/payments/a1').length;
    expect(looks()).toBe(0);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(looks()).toBe(1));
    standing = 'paid';
    await user.click(await screen.findByRole('button', { name: 'I have paid — check again' }));
    await findHeading('Thank You for Your Order!');
    expect(location()).toBe(`/order-success?orderId=${ORDER}`);
  });

  it('loads the form again when Try Again is pressed after the fields failed', async () => {
    const { user } = renderApp({
      path: `/payment?orderId=${ORDER}`,
      api: { 'GET /payments/fields': failsOnce(PAYMENT_FIELDS, 'x') },
    });
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('shows the base64 QR image when no QR text is given', async () => {
    const { user } = renderPayment(
      () => json({ success: true, action: { type: 'qr', qrBase64: 'iVBORw0KGgo=' } }),
      {
        'GET /orders/:orderId': () => json({ id: ORDER, status: 0 }),
      },
    );
    await pay(user);
    const image = await screen.findByRole('img', { name: 'Payment QR code' });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.queryByRole('link', { name: 'Open test gateway (sandbox)' })).not.toBeInTheDocument();
  });

  it('redirects to a plain redirectUrl', async () => {
    const { user } = renderPayment(() => json({ success: true, redirectUrl: 'http://gw.test/hosted' }));
    await pay(user);
    expect(await screen.findByText('Redirecting to the payment gateway...')).toBeInTheDocument();
  });

  it('toasts Payment initiated and goes to My Orders when the answer has neither action nor URL', async () => {
    const { user, location } = renderPayment(() => json({ success: true }), {
      'GET /orders': () => json([]),
    });
    await pay(user);
    await findToast('Payment initiated');
    expect(screen.getByText('Your payment is being processed')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/orders'));
  });

  it("shows the server's error with Return to checkout when the payment fails", async () => {
    const { user } = renderPayment(() => json({ success: false, error: 'Card declined by the bank' }));
    await pay(user);
    expect(await screen.findByText('Card declined by the bank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('shows the server error text of a refused payment request', async () => {
    const { user } = renderPayment(() => json({ error: 'This order is no longer awaiting payment' }, 409));
    await pay(user);
    expect(await screen.findByText('This order is no longer awaiting payment')).toBeInTheDocument();
  });

  it('shows a 400 about one field under that field and keeps the form when the server names the field', async () => {
    const { user } = renderPayment(() =>
      json({ error: 'This mobile number cannot receive UPI requests', field: 'phone' }, 400),
    );
    await pay(user);
    await findToast('Validation Error');
    const message = await screen.findByText('This mobile number cannot receive UPI requests');
    const phone = screen.getByRole('textbox', { name: /^Mobile number/ });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // What was typed stays, and the shopper can correct it and pay again.
    expect(phone).toHaveValue('+919876543210');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Asha Verma');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.queryByText('Payment failed')).not.toBeInTheDocument();
  });

  it('shows the unknown-error text when a failure carries no text', async () => {
    const { user } = renderPayment(() => json({ success: false }));
    await pay(user);
    expect(await screen.findByText('Unknown error occurred during payment process')).toBeInTheDocument();
  });

  it('shows the exception text when no answer arrives', async () => {
    const { user } = renderPayment(() => Promise.reject(new TypeError('Failed to fetch')));
    await pay(user);
    expect(await screen.findByText('Failed to process payment. Please try again later.')).toBeInTheDocument();
  });

  it('has no serious or critical axe violations on the form', async () => {
    renderPayment();
    await screen.findByRole('button', { name: 'Pay Now' });
    await expectNoSeriousAxeViolations();
  });

  it('shows what is being paid: lines with thumbnails, size and colour, and the ₹ amount', async () => {
    renderPayment();
    await screen.findByRole('button', { name: 'Pay Now' });
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Block Print Kurta')).toBeInTheDocument();
    expect(summary.getByText('Colour: Indigo · Size: M')).toBeInTheDocument();
    const thumbnails = screen.getByRole('region', { name: 'Order summary' }).querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual([
      '/images/kurta.svg',
      '/images/default-product.svg',
    ]);
    expect(summary.getByText('₹2,298.00')).toBeInTheDocument();
  });

  it("carries the checkout's name and phone into the payment form", async () => {
    renderPayment(undefined, {
      'GET /orders/:orderId': () =>
        json(
          pendingOrder({
            shippingAddress: {
              fullName: 'Ravi Kumar',
              address: '1 Park St',
              city: 'Kolkata',
              state: 'West Bengal',
              postalCode: '700016',
              phone: '+919812345678',
            },
          }),
        ),
    });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ravi Kumar');
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('+919812345678');
  });

  it('says at once when the order is already paid, with a link to My Orders and no form', async () => {
    const { calls } = renderPayment(undefined, {
      'GET /orders/:orderId': () => json(apiOrder('SF-ORDER1', 1)),
    });
    expect(
      await screen.findByText('This order has already been paid or is no longer awaiting payment.', {}),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/payments/fields')).toBe(false);
  });

  it("says at once when the order is not the shopper's", async () => {
    renderPayment(undefined, {
      'GET /orders/:orderId': () => json({ error: 'Order not found or access denied' }, 404),
    });
    expect(await screen.findByText('We could not find this order in your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
  });
});
