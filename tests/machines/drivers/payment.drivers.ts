/**
 * The payment machine's journeys in a browser, against the real server and its sandbox gateway: the
 * journey's own Pending order (created through POST /orders), the real payment form, and the sandbox
 * page's 'Pay ₹…' button when an order must be paid. A fault is injected only where the step is one
 * (no response, a 500, a 400 about a field) or where the gateway answers a kind the sandbox never
 * gives (a plain redirect, 'initiated', a refusal without text): those reshape the real answer.
 */

import type { Locator, Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import type { paymentMachine } from '../../../machines/payment.machine';
import { labelOf } from '../support/graph';
import { paymentResponses } from '../support/models';
import {
  appStarted,
  at,
  busyButton,
  heading,
  type MachineDrivers,
  orderConfirmed,
  type StepContext,
  see,
  serverAnswers,
  serverFails,
  type World,
} from './driver';

type ActorEvent = EventObject & { output?: unknown; error?: { message?: string; field?: string } };

/** Which of the model's gateway answers (paymentResponses) a submitPayment answer is. */
function outcomeOf(event: EventObject): string {
  const output = (event as ActorEvent).output;
  const kind = Object.entries(paymentResponses).find(([, r]) => r === output)?.[0];
  if (!kind) throw new Error(`submitPayment: no driver for the answer ${JSON.stringify(output)}`);
  return kind;
}

/** The method the shopper picks so the sandbox itself answers the outcome the step wants. */
const METHOD_FOR: Record<string, string | undefined> = {
  qr: 'UPI QR code',
  deeplink: 'UPI app',
  redirectPost: 'Card / net banking',
  cashOnDelivery: 'Cash on delivery',
};

const OUTCOME_WORDS: Record<string, string> = {
  redirectPost:
    "the real sandbox answers redirect_post (method 'Card / net banking'): the browser posts to the gateway page",
  deeplink:
    "the real sandbox answers a UPI deeplink (method 'UPI app'): the page hands over to its upi:// address, which the browser may open without asking (launchShopperBrowser in tests/e2e/shop.ts), and stays",
  qr: "the real sandbox answers a UPI QR code (method 'UPI QR code')",
  redirect: 'the real answer reshaped to a plain redirectUrl (the sandbox page): the browser goes there',
  cashOnDelivery:
    "the real server confirms the order for cash on delivery (method 'Cash on delivery', offered as the order is within COD_LIMIT): no gateway",
  initiated: 'the real answer reshaped to { success: true } with no action (a gateway that just starts)',
  refused:
    "the real answer reshaped to the gateway's refusal { success: false, error: 'Order is not pending' }",
  refusedSilently: 'the real answer reshaped to { success: false } without a message',
};

/**
 * Chooses the method in the Ark select, then waits until the select shows it and has handed the focus
 * back to its trigger (Ark does that a frame after the choice): the next step types into the form, and a
 * focus handed back in the middle of it would move the keys to the select.
 */
async function chooseMethod(world: World, method: string) {
  const { page } = world;
  const trigger = page.getByRole('combobox', { name: /^Pay with/ });
  await trigger.click();
  await page.getByRole('option', { name: method, exact: true }).click();
  await trigger.filter({ hasText: method }).waitFor({ state: 'visible', timeout: 5000 });
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox', undefined, {
    timeout: 5000,
  });
}

/** Pay Now, which reads 'Confirm order' once cash on delivery is the method. */
const payNow = (world: World) => world.page.getByRole('button', { name: /^(Pay Now|Confirm order)$/ });

/** The form's input for a value Pay Now sends; null for a field the form hides (GSTIN without a company). */
function fieldOf(world: World, name: string): Locator | null {
  const { page } = world;
  if (name === 'payerName') return page.getByRole('textbox', { name: /^Name/ });
  if (name === 'email') return page.getByRole('textbox', { name: /^Email/ });
  if (name === 'phone') return page.getByRole('textbox', { name: /^Mobile number/ });
  if (name === 'gstin') return null;
  throw new Error(`payment.submit: no field for '${name}'`);
}

type SubmitEvent = EventObject & { values: Record<string, string> };

/** Opens a link that opens a new tab (the sandbox gateway). */
async function openLink(world: World, link: Locator): Promise<Page> {
  const [tab] = await Promise.all([world.page.context().waitForEvent('page'), link.click()]);
  return tab;
}

/** Waits for the button named exactly `name`. */
const seeButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).waitFor();

/** A state that says `title`, then `detail` under it. */
const titled = (shows: string, title: string, detail: string) => ({
  shows,
  check: async ({ page }: World) => {
    await see(page, title);
    await see(page, detail);
  },
});

/** A state that says `title` and offers 'Try Again'. */
const offersTryAgain = (shows: string, title: string) => ({
  shows,
  check: async ({ page }: World) => {
    await see(page, title);
    await seeButton(page, 'Try Again');
  },
});

/** The QR or UPI-app screen (its heading `title`) still waiting while the payment is looked up. */
const stillWaiting = (shows: string, title: string) => ({
  shows,
  check: async ({ page }: World) => {
    await heading(page, title);
    await see(page, 'Waiting for payment confirmation...');
  },
});

/** A payment that did not go through (its heading `title`), with 'Try again' and 'Choose another method'. */
const notPaid = (shows: string, title: string) => ({
  shows,
  check: async ({ page }: World) => {
    await heading(page, title);
    await seeButton(page, 'Try again');
    await seeButton(page, 'Choose another method');
  },
});

export const paymentDrivers: MachineDrivers<typeof paymentMachine> = {
  // The case without an order id opens /payment bare.
  needsOrder: (input) => Boolean((input as { orderId?: string } | undefined)?.orderId),
  requests: {
    fetchOrder: { method: 'GET', path: /^\/api\/v1\/orders\/[^/]+$/ },
    fetchPaymentFields: { method: 'GET', path: /^\/api\/v1\/payments\/fields$/ },
    submitPayment: { method: 'POST', path: /^\/api\/v1\/payments$/ },
    fetchPaymentStanding: { method: 'GET', path: /^\/api\/v1\/payments\/(?!fields$)[^/]+$/ },
  },
  steps: {
    start: {
      does: () => 'Open /payment?orderId=<a new Pending order> signed in (or /payment without an order id)',
      perform: async ({ world }) => {
        const { page, base, orderId } = world;
        await page.goto(
          orderId ? `${base}/payment?orderId=${encodeURIComponent(orderId)}` : `${base}/payment`,
        );
        await appStarted(page);
      },
    },
    'done:fetchOrder': {
      does: (event) =>
        labelOf(event) === 'order already paid'
          ? "GET /orders/{id} answers from the real server after the order was paid on the sandbox gateway ('Pay ₹…')"
          : 'GET /orders/{id} answers from the real server: the order is Pending',
      perform: async ({ world, event }) => {
        if (labelOf(event) === 'order already paid' && world.orderId) await world.payOnGateway(world.orderId);
        await world.answer('fetchOrder', { kind: 'real' });
      },
    },
    'error:fetchOrder': {
      does: (event) =>
        (event as ActorEvent).error?.message === 'Order not found or access denied'
          ? 'GET /orders/{id} asks the real server for an order that does not exist (404)'
          : 'GET /orders/{id} gets no response (connection refused, fault injected)',
      perform: ({ world, event }) =>
        world.answer(
          'fetchOrder',
          (event as ActorEvent).error?.message === 'Order not found or access denied'
            ? { kind: 'real-at', path: '/api/v1/orders/SF-NOSUCHORDER' }
            : { kind: 'no-response' },
        ),
    },
    'done:fetchPaymentFields': serverAnswers(
      'fetchPaymentFields',
      'GET /payments/fields answers from the real server',
    ),
    'error:fetchPaymentFields': serverFails('fetchPaymentFields', 'GET /payments/fields'),
    'payment.submit': {
      does: (event) => {
        const typed = Object.entries((event as SubmitEvent).values)
          .filter(([name, value]) => value !== '' && name !== 'gstin')
          .map(([name, value]) => `${name} '${value}'`);
        return `Fill the form (${typed.join(', ')}) and click Pay Now`;
      },
      perform: async ({ world, event }) => {
        for (const [name, value] of Object.entries((event as SubmitEvent).values)) {
          const field = fieldOf(world, name);
          if (!field) continue;
          await field.fill('');
          await field.pressSequentially(value);
        }
        await payNow(world).click();
      },
      shows: (event) =>
        labelOf(event) === 'an email without a dot' ? 'Please enter a valid email address' : undefined,
    },
    'done:submitPayment': {
      does: (event) => `POST /payments: ${OUTCOME_WORDS[outcomeOf(event)]}`,
      // Before Pay Now: pick the method whose real sandbox answer is the outcome.
      arrange: async ({ world, event }: StepContext) => {
        const method = METHOD_FOR[outcomeOf(event)];
        if (method) await chooseMethod(world, method);
      },
      perform: async ({ world, event }) => {
        const kind = outcomeOf(event);
        const reshape: Record<string, (real: unknown) => unknown> = {
          redirect: (real) => ({
            success: true,
            redirectUrl: (real as { redirectUrl?: string }).redirectUrl,
          }),
          initiated: () => ({ success: true }),
          refused: () => paymentResponses.refused,
          refusedSilently: () => ({ success: false }),
        };
        const body = reshape[kind];
        await world.answer('submitPayment', body ? { kind: 'reshape', body } : { kind: 'real' });
      },
      shows: (event) =>
        ({ initiated: 'Payment initiated', refused: 'Order is not pending' })[outcomeOf(event)],
    },
    'error:submitPayment': {
      does: (event) => {
        const error = (event as ActorEvent).error;
        return error?.field
          ? `POST /payments is answered 400 '${error.message}' about the ${error.field} field (fault injected)`
          : 'POST /payments gets no response (connection refused, fault injected)';
      },
      perform: ({ world, event }) => {
        const error = (event as ActorEvent).error;
        return world.answer(
          'submitPayment',
          error?.field
            ? { kind: 'fault', status: 400, body: { error: error.message, field: error.field } }
            : { kind: 'no-response' },
        );
      },
      shows: (event) => (event as ActorEvent).error?.field && (event as ActorEvent).error?.message,
    },
    'done:fetchPaymentStanding': {
      does: (event) =>
        ({
          paid: "The shopper pays on the sandbox gateway ('Open test gateway (sandbox)', 'Pay ₹…'); GET /payments/{attemptId} answers from the real server: paid",
          failed:
            "The shopper fails the payment on the sandbox gateway ('Open test gateway (sandbox)', 'Fail payment'); GET /payments/{attemptId} answers from the real server: failed",
          expired:
            "GET /payments/{attemptId} is answered { status: 'expired' } (reshaped: the server's 10 minutes cannot pass in a test)",
        })[String((event as ActorEvent).output)] ??
        'GET /payments/{attemptId} answers from the real server: still pending',
      perform: async ({ world, event }) => {
        const standing = (event as ActorEvent).output;
        if (standing === 'paid' || standing === 'failed') {
          const { page } = world;
          const link = page.getByRole('link', { name: 'Open test gateway (sandbox)', exact: true });
          const gateway = await openLink(world, link);
          const button = standing === 'paid' ? /^Pay ₹/ : /^Fail payment$/;
          await gateway.getByRole('button', { name: button }).click({ timeout: 15_000 });
          await gateway.waitForURL(
            (u) => u.pathname === (standing === 'paid' ? '/order-success' : '/orders'),
            {
              timeout: 15_000,
            },
          );
          await gateway.close();
        }
        await world.answer(
          'fetchPaymentStanding',
          standing === 'expired'
            ? { kind: 'reshape', body: () => ({ status: 'expired' }) }
            : { kind: 'real' },
        );
      },
    },
    'error:fetchPaymentStanding': {
      does: () => 'GET /payments/{attemptId} gets no response (connection refused, fault injected)',
      perform: ({ world }) => world.answer('fetchPaymentStanding', { kind: 'no-response' }),
    },
    'payment.retry': {
      does: () => "Click 'Try Again' (or 'Try again' under a failed or expired payment)",
      perform: async ({ world }) => {
        await world.page.getByRole('button', { name: /^Try again$/i }).click();
      },
    },
    'payment.check': {
      does: () => "Click 'I have paid — check again' (as coming back to the tab does)",
      perform: async ({ world }) => {
        await world.page.getByRole('button', { name: 'I have paid — check again', exact: true }).click();
      },
    },
    'payment.changeMethod': {
      does: () => "Click 'Choose another method'",
      perform: async ({ world }) => {
        await world.page.getByRole('button', { name: 'Choose another method', exact: true }).click();
      },
    },
    'payment.payByQr': {
      does: () => "Click 'Pay by QR code instead' under 'Didn't open?' (the UPI app did not open)",
      perform: async ({ world }) => {
        await world.page.getByRole('button', { name: 'Pay by QR code instead', exact: true }).click();
      },
    },
    'payment.redirectBlocked': {
      does: () =>
        'The browser refuses the gateway form: a CSP form-action violation is reported on the page (dispatched as the browser does)',
      perform: async ({ world }) => {
        await world.page.evaluate(() => {
          document.dispatchEvent(
            new SecurityPolicyViolationEvent('securitypolicyviolation', {
              effectiveDirective: 'form-action',
              violatedDirective: 'form-action',
              blockedURI: 'https://gateway.invalid/pay',
              originalPolicy: "form-action 'self'",
              disposition: 'enforce',
              documentURI: location.href,
              statusCode: 200,
            }),
          );
        });
      },
      // The form is already posted in the browser: the gateway must not answer before the report.
      arrange: ({ world }) => world.hangGateway(),
    },
    'after:pollInterval': {
      does: () => 'Wait 3 s (the page clock moves on) for the next look at the order',
      perform: ({ world }) => world.advance(3000),
    },
    'after:attemptValidity': {
      does: () => 'Wait 10 minutes (the page clock jumps) without paying',
      perform: ({ world }) => world.advance(10 * 60 * 1000),
    },
    'after:redirectTimeout': {
      does: () =>
        'The gateway page never opens (its form post answers 204, fault injected); wait 6 s (the page clock moves on)',
      arrange: ({ world }) => world.hangGateway(),
      perform: ({ world }) => world.advance(6000),
    },
  },
  states: {
    checking: { transient: 'Decided at once from the URL' },
    loadingOrder: {
      shows: "'Loading payment form...' while the order loads",
      check: ({ page }) => see(page, 'Loading payment form...'),
    },
    loadingFields: {
      shows: "'Loading payment form...' while the form's fields load",
      check: ({ page }) => see(page, 'Loading payment form...'),
    },
    missingOrderId: {
      shows: "'Order ID missing' with 'Return to checkout'",
      check: async ({ page }) => {
        await see(page, 'Order ID missing');
        await page.getByRole('link', { name: 'Return to checkout', exact: true }).waitFor();
      },
    },
    notPayable: titled(
      "'Nothing to pay': the order has already been paid",
      'Nothing to pay',
      'This order has already been paid or is no longer awaiting payment.',
    ),
    orderNotFound: titled(
      "'Order not found' with 'View My Orders'",
      'Order not found',
      'We could not find this order in your account.',
    ),
    orderFailed: offersTryAgain("'Order unavailable' with 'Try Again'", 'Order unavailable'),
    fieldsFailed: titled(
      "'Payment form unavailable' with 'Try Again'",
      'Payment form unavailable',
      'Failed to load payment form. Please try again later.',
    ),
    form: {
      shows: 'The payment form (Name, Email, Mobile number, Pay with) with Pay Now, under the order summary',
      check: async ({ page }) => {
        await heading(page, 'Complete Your Payment');
        await page.getByRole('button', { name: 'Pay Now', exact: true }).waitFor({ timeout: 15_000 });
        await page.getByRole('textbox', { name: /^Email/ }).waitFor();
      },
    },
    validating: { transient: 'Decided at once on Pay Now' },
    submitting: busyButton(
      "Pay Now reads 'Processing...' and is disabled while the payment starts",
      'Processing...',
    ),
    failed: offersTryAgain("'Payment failed' with 'Try Again' and 'Return to checkout'", 'Payment failed'),
    'qr.waiting': {
      shows:
        "The QR code, 'Scan QR Code to Complete Payment', 'Valid for …', 'Waiting for payment confirmation...', 'I have paid — check again'",
      check: async ({ page }) => {
        await heading(page, 'Scan QR Code to Complete Payment');
        await page.getByRole('img', { name: 'Payment QR code', exact: true }).waitFor();
        await see(page, /^Valid for \d+:\d\d$/);
        await see(page, 'Waiting for payment confirmation...');
        await seeButton(page, 'I have paid — check again');
      },
    },
    'qr.polling': stillWaiting(
      'The QR code still waiting while the payment is looked up',
      'Scan QR Code to Complete Payment',
    ),
    'deeplink.waiting': {
      shows:
        "'Complete the payment in your UPI app', 'Valid for …', 'I have paid — check again', 'Open the payment app again'",
      check: async ({ page }) => {
        await heading(page, 'Complete the payment in your UPI app');
        await see(page, /^Valid for \d+:\d\d$/);
        await seeButton(page, 'I have paid — check again');
        await page.getByRole('link', { name: 'Open the payment app again', exact: true }).waitFor();
      },
    },
    'deeplink.polling': stillWaiting(
      'The UPI-app screen still waiting while the payment is looked up',
      'Complete the payment in your UPI app',
    ),
    declined: notPaid("'Payment failed' with 'Try again' and 'Choose another method'", 'Payment failed'),
    expired: notPaid(
      "'Payment time ran out' with 'Try again' and 'Choose another method'",
      'Payment time ran out',
    ),
    paid: {
      shows: "The order confirmation: /order-success, 'Thank You for Your Order!'",
      check: ({ page }) => orderConfirmed(page),
    },
    redirectPost: {
      shows: "'Redirecting to the payment gateway...', then the sandbox gateway page with 'Pay ₹…'",
      check: async ({ page }) => {
        await page
          .getByText('Redirecting to the payment gateway...')
          .or(page.getByRole('button', { name: /^Pay ₹/ }))
          .first()
          .waitFor({ timeout: 15_000 });
      },
    },
    redirect: {
      shows: "The gateway's own page (the sandbox page, 'Pay ₹…')",
      check: async ({ page }) => {
        await at(page, /\/payments\/sandbox\//);
        await page.getByRole('button', { name: /^Pay ₹/ }).waitFor({ timeout: 15_000 });
      },
    },
    cashOnDelivery: {
      shows: "The order confirmation (/order-success, 'Thank You for Your Order!') with 'Pay ₹… on delivery'",
      check: async ({ page }) => {
        await orderConfirmed(page);
        await see(page, /^Pay ₹[\d,]+\.\d\d on delivery$/);
      },
    },
    initiated: {
      shows: "The 'Payment initiated' toast and My Orders (/orders)",
      check: async ({ page }) => {
        await at(page, '/orders');
        await heading(page, 'My Orders');
      },
    },
  },
};
