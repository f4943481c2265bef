/**
 * Every mail the shop sends, as plain text and HTML from one description: a heading, paragraphs, an
 * optional table of order lines, an optional button, and the store's footer (name, logo, address from
 * store.config.json). Amounts are rupees in the shop's own format (shared/money.ts). Everything that
 * comes from a shopper or an operator is escaped in the HTML.
 */
import { formatDeliveryDay } from '../../shared/delivery';
import { formatRupees } from '../../shared/money';
import type { ReturnKind, ReturnStatus } from '../../shared/return-lifecycle';
import { type DeliveryConfig, expectedDeliveryOf } from '../addresses/delivery';
import type { StoreInfo } from '../context';

/** The templates about one order (the worker reads the order when it sends them). */
const ORDER_MAIL_TEMPLATES = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'payment.refunded',
] as const;
type OrderMailTemplate = (typeof ORDER_MAIL_TEMPLATES)[number];

export const MAIL_TEMPLATES = [
  ...ORDER_MAIL_TEMPLATES,
  'return.updated',
  'password.reset',
  'contact.forward',
  'contact.acknowledgement',
  'newsletter.confirmation',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** A rendered mail, before the transport adds From and Message-ID. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One order line as mail shows it. */
interface MailLine {
  title: string;
  quantity: number;
  unitPaise: number;
  size: string | null;
  color: string | null;
  /** The product's picture in the line's colour (shared/product-images.ts), null when it is gone. */
  image: string | null;
}

/** An order as its mail needs it (read by the worker when it sends). */
export interface MailOrder {
  id: string;
  /** When it was placed (ISO): with the payment window, its pay-by time. */
  placedAt: string;
  firstName: string;
  totalPaise: number;
  lines: MailLine[];
  ship: { fullName: string; address: string; city: string; state: string; postalCode: string };
  /** Cash on delivery: the amount due at the door (null when paid online). */
  payOnDeliveryPaise: number | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** The note of the event the mail is about (why it was cancelled), and who made it. */
  note: string | null;
  actor: string | null;
  /**
   * The refund of a paid order that was cancelled, with the day the money should be back and where it
   * stands: `asked` (the gateway has it, or is about to be asked), `retrying` (refused, the sweep asks
   * again: server/payments/refunds.ts) or `by-hand` (refused every time: a person refunds it).
   */
  refund: { amountPaise: number; expectedBy: string; standing: 'asked' | 'retrying' | 'by-hand' } | null;
}

/** Where a mail's links point and whose name it carries. */
export interface MailContext {
  store: Pick<StoreInfo, 'storeName' | 'companyName' | 'companyAddress' | 'companyEmail' | 'companyLogoUrl'>;
  /** PUBLIC_URL (else the loopback origin): never a request's Host. */
  origin: string;
  /** How long an unpaid order waits for its payment, in minutes. */
  paymentWindowMinutes: number;
  /** Where orders leave from (store config `delivery`): the confirmations say when the order arrives. */
  delivery?: DeliveryConfig | null;
}

/** One move of a return or exchange, as its mail tells it (read by the worker when it sends). */
export interface ReturnMail {
  id: string;
  kind: ReturnKind;
  /** Where the move took it. */
  status: ReturnStatus;
  note: string | null;
  amountPaise: number;
  /** A cash-on-delivery return's account, masked; null for one paid online. */
  refundTo: string | null;
  /** The returned lines (an exchange's with its new size). */
  lines: MailLine[];
}

/** What a template is given: the order for order mail, else the row's data. */
export type MailInput =
  | { template: OrderMailTemplate; order: MailOrder }
  | { template: 'return.updated'; order: MailOrder; change: ReturnMail }
  | { template: 'password.reset'; firstName: string; link: string }
  | { template: 'contact.forward'; name: string; email: string; subject: string; message: string }
  | { template: 'contact.acknowledgement' }
  | { template: 'newsletter.confirmation'; confirmLink: string; unsubscribeLink: string };

/** The parts a mail is made of; text and HTML are both written from it. */
interface Body {
  subject: string;
  heading: string;
  paragraphs: string[];
  lines?: MailLine[];
  totalPaise?: number;
  address?: MailOrder['ship'];
  button?: { label: string; href: string };
  /** A quoted block (the shopper's own message). */
  quote?: string;
  afterword?: string[];
}

/** 'Size M, colour Navy' (either may be missing). */
function variant(line: MailLine): string {
  const parts = [line.size ? `Size ${line.size}` : null, line.color ? `colour ${line.color}` : null];
  return parts.filter(Boolean).join(', ');
}

/** '26 November 2026' from an ISO day. */
/** What a mail says of a refund: on its way only when nothing has refused it (MailOrder.refund). */
function refundParagraph(refund: NonNullable<MailOrder['refund']>, context: MailContext): string {
  const amount = formatRupees(refund.amountPaise);
  const ask = `Write to us at ${context.store.companyEmail} if you have a question.`;
  switch (refund.standing) {
    case 'asked':
      return `We are refunding ${amount} to the way you paid; it should be back by ${longDay(refund.expectedBy)}.`;
    case 'retrying':
      return `We owe you a refund of ${amount}. Your payment provider has not taken it yet, so we are asking again. ${ask}`;
    case 'by-hand':
      return `We owe you a refund of ${amount}. Your payment provider has not taken it, so our team will refund it to the way you paid by hand. ${ask}`;
  }
}

function longDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '9:45 pm on 6 December 2026': when an order's payment window closes, India's time (the shop's). */
function payBy(order: MailOrder, context: MailContext): string {
  const closes = new Date(Date.parse(order.placedAt) + context.paymentWindowMinutes * 60_000);
  const zone = { timeZone: 'Asia/Kolkata' } as const;
  const time = closes.toLocaleTimeString('en-IN', { ...zone, hour: 'numeric', minute: '2-digit' });
  const day = closes.toLocaleDateString('en-IN', { ...zone, day: 'numeric', month: 'long', year: 'numeric' });
  return `${time} on ${day}`;
}

/** 'It should arrive between Fri, 11 Dec and Tue, 15 Dec.' (Order.expectedDelivery), or nothing. */
function arrival(order: MailOrder, context: MailContext): string[] {
  const days = expectedDeliveryOf(context.delivery, order.ship.postalCode, new Date(order.placedAt));
  if (!days) return [];
  const day = (iso: string) => formatDeliveryDay(new Date(`${iso}T12:00:00Z`));
  return [
    days.earliest === days.latest
      ? `It should arrive by ${day(days.latest)}.`
      : `It should arrive between ${day(days.earliest)} and ${day(days.latest)}.`,
  ];
}

/** 'at your request', 'because it was not paid within 30 minutes', '(out of stock)' or nothing. */
function cancelReason(order: MailOrder, context: MailContext): string {
  if (order.actor === 'shopper') return 'at your request';
  if (order.actor === 'timer')
    return `because it was not paid within ${context.paymentWindowMinutes} minutes`;
  return order.note ? `(${order.note.toLowerCase()})` : '';
}

function orderBody(input: Extract<MailInput, { template: OrderMailTemplate }>, context: MailContext): Body {
  const { order } = input;
  const ordersLink = { label: 'View your orders', href: `${context.origin}/orders` };
  const hello = `Hello ${order.firstName},`;
  const common = { lines: order.lines, totalPaise: order.totalPaise, address: order.ship };
  const due = order.payOnDeliveryPaise;
  switch (input.template) {
    // The payment reminder: sent only while the order still waits for its payment (the worker drops it
    // otherwise), so it never reaches a shopper who paid or chose cash on delivery.
    case 'order.placed':
      return {
        subject: `Your order ${order.id} is waiting for your payment`,
        heading: 'Your order is waiting for your payment',
        paragraphs: [
          hello,
          `We are holding your order ${order.id} for you. Pay ${formatRupees(order.totalPaise)} by ${payBy(order, context)}, or it is cancelled and nothing is charged.`,
        ],
        ...common,
        button: { label: 'Pay for your order', href: `${context.origin}/orders` },
      };
    case 'order.paid':
      return {
        subject:
          due !== null
            ? `Order ${order.id} confirmed: pay on delivery`
            : `Payment received for order ${order.id}`,
        heading: due !== null ? 'Your order is confirmed' : 'Payment received',
        paragraphs: [
          hello,
          due !== null
            ? `Your order ${order.id} is confirmed and being prepared. Pay ${formatRupees(due)} on delivery.`
            : `We have received ${formatRupees(order.totalPaise)} for order ${order.id}. We are preparing it now and will write again when it ships.`,
          ...arrival(order, context),
        ],
        ...common,
        button: ordersLink,
      };
    case 'order.shipped': {
      const courier = [order.carrier, order.trackingNumber ? `tracking number ${order.trackingNumber}` : null]
        .filter(Boolean)
        .join(', ');
      return {
        subject: `Your order ${order.id} has shipped`,
        heading: 'On its way',
        paragraphs: [
          hello,
          `Your order ${order.id} has shipped${courier ? ` (${courier})` : ''}.`,
          ...arrival(order, context),
          ...(due !== null ? [`Please keep ${formatRupees(due)} ready: you pay on delivery.`] : []),
        ],
        ...common,
        button: order.trackingUrl
          ? { label: 'Track the package', href: order.trackingUrl }
          : { label: 'Track your order', href: `${context.origin}/track-order` },
      };
    }
    case 'order.delivered':
      return {
        subject: `Your order ${order.id} was delivered`,
        heading: 'Delivered',
        paragraphs: [
          hello,
          `Your order ${order.id} was delivered${due !== null ? ` and paid on delivery (${formatRupees(due)})` : ''}. We hope you enjoy it.`,
          'Something not right? Our return policy explains what to do.',
        ],
        ...common,
        button: { label: 'Returns and refunds', href: `${context.origin}/return` },
      };
    case 'order.cancelled':
      return {
        subject: `Your order ${order.id} is cancelled`,
        heading: 'Order cancelled',
        paragraphs: [
          hello,
          `Your order ${order.id} is cancelled ${cancelReason(order, context)}.`.replace(' .', '.'),
          order.refund ? refundParagraph(order.refund, context) : 'Nothing was charged.',
        ],
        lines: order.lines,
        totalPaise: order.totalPaise,
        button: ordersLink,
      };
    case 'payment.refunded':
      return {
        subject: `We are refunding a payment for order ${order.id}`,
        heading: 'Payment refunded',
        paragraphs: [
          hello,
          `A payment for order ${order.id} reached us after the order could no longer be paid (it was cancelled or already paid), so we could not accept it.`,
          order.refund ? refundParagraph(order.refund, context) : 'We are refunding it to the way you paid.',
        ],
        button: ordersLink,
      };
  }
}

function body(input: MailInput, context: MailContext): Body {
  const name = context.store.storeName;
  switch (input.template) {
    case 'password.reset':
      return {
        subject: `Reset your ${name} password`,
        heading: 'Reset your password',
        paragraphs: [
          `Hello ${input.firstName},`,
          `Someone (we hope you) asked to reset the password of your ${name} account. Open this link within an hour to choose a new one; it works once:`,
        ],
        button: { label: 'Choose a new password', href: input.link },
        afterword: ['If you did not ask, ignore this email: your password stays as it is.'],
      };
    case 'contact.forward':
      return {
        subject: `Contact form: ${input.subject}`,
        heading: `Message from ${input.name}`,
        paragraphs: [`${input.name} <${input.email}> wrote through the contact form. Reply to answer them.`],
        quote: input.message,
      };
    case 'contact.acknowledgement':
      // Repeats nothing the sender typed: whoever fills the form chooses this address, so the mail
      // must not carry their words to a stranger.
      return {
        subject: `We received your message to ${name}`,
        heading: 'Thank you for contacting us',
        paragraphs: [
          'Hello,',
          "Thank you for contacting us. We'll get back to you shortly: we answer Monday to Saturday, 10AM-6PM, by replying to this address.",
          `If you did not write to ${name}, someone typed your address by mistake; you can ignore this email.`,
        ],
      };
    case 'newsletter.confirmation':
      return {
        subject: `Confirm your ${name} newsletter subscription`,
        heading: 'One more step',
        paragraphs: [
          `Someone (we hope you) asked to receive the ${name} newsletter at this address. Confirm to start receiving it:`,
        ],
        button: { label: 'Confirm subscription', href: input.confirmLink },
        afterword: [
          'If you did not ask, ignore this email: you will not hear from us again.',
          `Changed your mind later? Unsubscribe: ${input.unsubscribeLink}`,
        ],
      };
    case 'return.updated':
      return returnBody(input.order, input.change, context);
    default:
      return orderBody(input, context);
  }
}

/** A return's or exchange's move: what happened, and what happens next. */
function returnBody(order: MailOrder, change: ReturnMail, context: MailContext): Body {
  const what = change.kind === 'exchange' ? 'exchange' : 'return';
  const name = `${what} ${change.id}`;
  const amount = formatRupees(change.amountPaise);
  const note = change.note ? [change.note.endsWith('.') ? change.note : `${change.note}.`] : [];
  const next: Record<ReturnStatus, { subject: string; heading: string; paragraphs: string[] }> = {
    requested: {
      subject: `We have your ${what} request ${change.id} for order ${order.id}`,
      heading: change.kind === 'exchange' ? 'Exchange requested' : 'Return requested',
      paragraphs: [
        `We have your ${name} for order ${order.id}. We will write again when a courier is booked to collect it.`,
        'Please keep the items unused, with their tags, in their original packaging.',
      ],
    },
    pickupScheduled: {
      subject: `A pickup is booked for your ${name}`,
      heading: 'Pickup scheduled',
      paragraphs: [`A courier will collect your ${name}.`, ...note],
    },
    pickedUp: {
      subject: `Your ${name} is on its way to us`,
      heading: 'Picked up',
      paragraphs: [`The courier has collected your ${name}. We will check it when it reaches us.`],
    },
    received: {
      subject: `We received your ${name}`,
      heading: 'Received',
      paragraphs: [
        change.kind === 'exchange'
          ? `Your ${name} reached us and passed its check. We are sending your new size now.`
          : change.refundTo
            ? `Your ${name} reached us and passed its check. We are sending ${amount} to ${change.refundTo}.`
            : `Your ${name} reached us and passed its check.`,
      ],
    },
    refunded: {
      subject: `Your refund for ${name}`,
      heading: 'Refunded',
      paragraphs: [
        change.refundTo
          ? `We have sent ${amount} to ${change.refundTo} for your ${name}.`
          : `Your ${name} reached us and we are refunding ${amount} to the way you paid; it should be back within 7 days.`,
      ],
    },
    exchanged: {
      subject: `Your new size is on its way (${name})`,
      heading: 'Exchange sent',
      paragraphs: [`We have sent the new size for your ${name}.`, ...note],
    },
    rejected: {
      subject: `We could not accept your ${name}`,
      heading: 'Return not accepted',
      paragraphs: [
        `We could not accept your ${name} for order ${order.id}.`,
        ...note,
        `Write to us at ${context.store.companyEmail} if you have a question.`,
      ],
    },
  };
  const told = next[change.status];
  return {
    subject: told.subject,
    heading: told.heading,
    paragraphs: [`Hello ${order.firstName},`, ...told.paragraphs],
    lines: change.lines,
    button: { label: 'View your orders', href: `${context.origin}/orders` },
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Only absolute http(s) links are written into a button; anything else becomes plain text. */
const safeHref = (href: string) => (/^https?:\/\//i.test(href) ? href : null);

function absolute(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function asText(mail: Body, context: MailContext): string {
  const out: string[] = [mail.heading, '', ...mail.paragraphs.flatMap((p) => [p, ''])];
  if (mail.quote) out.push(...mail.quote.split('\n').map((line) => `> ${line}`), '');
  if (mail.lines?.length) {
    for (const line of mail.lines) {
      const detail = variant(line);
      out.push(
        `- ${line.title}${detail ? ` (${detail})` : ''} × ${line.quantity}: ${formatRupees(line.unitPaise * line.quantity)}`,
      );
    }
    if (mail.totalPaise !== undefined) out.push(`Total: ${formatRupees(mail.totalPaise)}`);
    out.push('');
  }
  if (mail.address) {
    const a = mail.address;
    out.push('Delivering to:', a.fullName, a.address, `${a.city}, ${a.state} ${a.postalCode}`, '');
  }
  // The link alone on its line: plain-text clients make it clickable whole.
  if (mail.button) out.push(`${mail.button.label}:`, mail.button.href, '');
  for (const line of mail.afterword ?? []) out.push(line, '');
  const { store } = context;
  out.push(
    '--',
    store.storeName,
    store.companyName,
    store.companyAddress,
    store.companyEmail,
    context.origin,
  );
  return out.join('\n');
}

function asHtml(mail: Body, context: MailContext): string {
  const e = escapeHtml;
  const { store } = context;
  const cell = 'padding:8px 0;border-bottom:1px solid #e5e7eb;';
  const lines = mail.lines?.length
    ? `<table role="presentation" width="100%" style="border-collapse:collapse;margin:16px 0">${mail.lines
        .map((line) => {
          const detail = variant(line);
          // The picture in the line's colour, from the shop's own origin (never a request's Host).
          const picture = line.image
            ? `<img src="${e(absolute(line.image, context.origin))}" alt="" width="48" height="60" style="display:block;width:48px;height:60px;border-radius:4px;object-fit:cover;background:#f3f4f6">`
            : '';
          return `<tr><td style="${cell}width:56px">${picture}</td><td style="${cell}">${e(line.title)}${detail ? `<br><span style="color:#6b7280;font-size:13px">${e(detail)}</span>` : ''}</td><td style="${cell}text-align:center">× ${line.quantity}</td><td style="${cell}text-align:right">${e(formatRupees(line.unitPaise * line.quantity))}</td></tr>`;
        })
        .join('')}${
        mail.totalPaise !== undefined
          ? `<tr><td colspan="3" style="padding:8px 0;font-weight:600">Total</td><td style="padding:8px 0;text-align:right;font-weight:600">${e(formatRupees(mail.totalPaise))}</td></tr>`
          : ''
      }</table>`
    : '';
  const address = mail.address
    ? `<p style="color:#374151"><strong>Delivering to</strong><br>${[
        mail.address.fullName,
        mail.address.address,
        `${mail.address.city}, ${mail.address.state} ${mail.address.postalCode}`,
      ]
        .map(e)
        .join('<br>')}</p>`
    : '';
  const href = mail.button ? safeHref(mail.button.href) : null;
  const button =
    mail.button && href
      ? `<p style="margin:24px 0"><a href="${e(href)}" style="background:#111827;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${e(mail.button.label)}</a></p>`
      : '';
  const quote = mail.quote
    ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #d1d5db;color:#374151;white-space:pre-wrap">${e(mail.quote)}</blockquote>`
    : '';
  const logo = store.companyLogoUrl
    ? `<img src="${e(absolute(store.companyLogoUrl, context.origin))}" alt="${e(store.storeName)}" height="32" style="height:32px">`
    : `<strong>${e(store.storeName)}</strong>`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta name="viewport" content="width=device-width"><title>${e(mail.subject)}</title></head>`,
    '<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">',
    '<table role="presentation" width="100%" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:24px">',
    `<p>${logo}</p><h1 style="font-size:20px">${e(mail.heading)}</h1>`,
    ...mail.paragraphs.map((p) => `<p style="line-height:1.5">${e(p)}</p>`),
    quote,
    lines,
    address,
    button,
    ...(mail.afterword ?? []).map((p) => `<p style="color:#6b7280;font-size:13px">${e(p)}</p>`),
    '</td></tr></table>',
    `<p style="color:#6b7280;font-size:12px;line-height:1.5">${[
      store.companyName,
      store.companyAddress,
      store.companyEmail,
    ]
      .map(e)
      .join('<br>')}<br><a href="${e(context.origin)}" style="color:#6b7280">${e(context.origin)}</a></p>`,
    '</td></tr></table></body></html>',
  ].join('');
}

/** The subject, plain text and HTML of one mail. */
export function renderMail(input: MailInput, context: MailContext): RenderedMail {
  const mail = body(input, context);
  return { subject: mail.subject, text: asText(mail, context), html: asHtml(mail, context) };
}
