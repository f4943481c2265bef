/**
 * The order-tracking machine's journeys in a browser: the journey's own Pending order (created through
 * POST /orders), looked up on /track-order by its number and the shopper's email as a shopper types
 * them; GET /orders/{id}?contactInfo=… answers from the real server (a 404 for an order that does not
 * exist).
 */
import type { EventObject } from 'xstate';
import type { orderTrackingMachine } from '../../../machines/order-tracking.machine';
import {
  appStarted,
  busyButton,
  heading,
  type MachineDrivers,
  see,
  serverAnswers,
  type World,
} from './driver';

type SubmitEvent = EventObject & { orderId: string; contactInfo: string };

const TIMEOUT = 15_000;

/** What the shopper types for the model's order number and email: the journey's order and shopper, spaces kept. */
function typed(world: World, event: SubmitEvent) {
  const swap = (text: string, stands: string) =>
    text.trim() === '' ? text : text.replace(text.trim(), stands);
  if (!world.orderId) throw new Error('tracking.submit: the journey has no order');
  return {
    orderId: swap(event.orderId, world.orderId),
    contactInfo: swap(event.contactInfo, world.shopper.email),
  };
}

const trackButton = (world: World) => world.page.getByRole('button', { name: 'Track Order', exact: true });

/** The order's own card, which only a found order shows. */
const orderCard = (world: World) =>
  world.page.getByRole('heading', { level: 2, name: `Order ${world.orderId}`, exact: true });

export const orderTrackingDrivers: MachineDrivers<typeof orderTrackingMachine> = {
  needsOrder: true,
  requests: { trackOrder: { method: 'GET', path: /^\/api\/v1\/orders\/[^/]+$/ } },
  steps: {
    start: {
      does: () => 'Open /track-order signed in (a Pending order of the shopper exists)',
      perform: async ({ world }) => {
        await world.page.goto(`${world.base}/track-order`);
        await appStarted(world.page);
      },
    },
    'tracking.submit': {
      does: (event) => {
        const e = event as SubmitEvent;
        return e.orderId.trim() === ''
          ? `Type '${e.orderId}' as the order number and '${e.contactInfo}' as the email, and click Track Order`
          : `Type the order's number as '${e.orderId.replace(e.orderId.trim(), '<order>')}' and the shopper's email as '${e.contactInfo.replace(e.contactInfo.trim(), '<email>')}', and click Track Order`;
      },
      perform: async ({ world, event }) => {
        const { orderId, contactInfo } = typed(world, event as SubmitEvent);
        const { page } = world;
        await page.getByLabel('Order number').fill(orderId);
        await page.getByLabel('Email or phone').fill(contactInfo);
        await trackButton(world).click();
      },
      shows: (event) =>
        (event as SubmitEvent).orderId.trim() === ''
          ? 'Please enter both order number and email/phone'
          : undefined,
    },
    'done:trackOrder': serverAnswers(
      'trackOrder',
      'GET /orders/{id}?contactInfo=… answers from the real server: the order is Pending',
      'Your order status has been loaded',
    ),
    'error:trackOrder': {
      does: () => 'GET /orders/{id} asks the real server for an order that does not exist (404)',
      perform: ({ world }) =>
        world.answer('trackOrder', {
          kind: 'real-at',
          path: `/api/v1/orders/SF-NOSUCHORDER?contactInfo=${encodeURIComponent(world.shopper.email)}`,
        }),
      shows: () => 'Failed to find order. Please check your information and try again.',
    },
  },
  states: {
    idle: {
      shows: "'Track Your Order' with its form and an enabled Track Order button, no order shown",
      check: async (world) => {
        await heading(world.page, 'Track Your Order');
        await trackButton(world).waitFor({ timeout: TIMEOUT });
        if (await trackButton(world).isDisabled()) throw new Error('Track Order is disabled');
        if (await orderCard(world).isVisible()) throw new Error('an order is shown');
      },
    },
    tracking: busyButton(
      "Track Order reads 'Tracking...' and is disabled while the order is looked up",
      'Tracking...',
    ),
    found: {
      shows: "The order's card: 'Order <number>', its status Pending, its items and history",
      check: async (world) => {
        await orderCard(world).waitFor({ timeout: TIMEOUT });
        await see(world.page, 'Pending');
        await trackButton(world).waitFor({ timeout: TIMEOUT });
      },
    },
    notFound: {
      shows: 'The form again with an enabled Track Order button and no order shown',
      check: async (world) => {
        await trackButton(world).waitFor({ timeout: TIMEOUT });
        if (await orderCard(world).isVisible()) throw new Error('an order is shown');
      },
    },
  },
};
