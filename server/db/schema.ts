import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_ACTORS, ORDER_STATUS, type OrderActor } from '../../shared/order-lifecycle';
import type { ReturnKind, ReturnStatus } from '../../shared/return-lifecycle';

// One schema for both drivers (PGlite by default, node-postgres with DATABASE_URL).
// Money is stored as integer paise so sums are exact; the API speaks rupees.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lowercased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the opaque bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export type ProductAttributeRow = { id: string; key: string; values: string[]; metricUnit: string | null };

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imgUrl: text('img_url').notNull(),
    category: text('category').notNull(),
    parentCategory: text('parent_category'),
    regularPricePaise: bigint('regular_price_paise', { mode: 'number' }).notNull(),
    discountedPricePaise: bigint('discounted_price_paise', { mode: 'number' }),
    featured: boolean('featured').notNull().default(false),
    images: jsonb('images').$type<{ url: string; color?: string | null }[]>().notNull().default([]),
    attributes: jsonb('attributes').$type<ProductAttributeRow[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_idx').on(sql`lower(${t.category})`),
    index('products_order_idx').on(t.createdAt.desc(), t.id),
    check('products_price_positive', sql`${t.regularPricePaise} > 0`),
  ],
);

/**
 * One row (id 1) counting catalogue changes: a statement-level trigger on products bumps it and
 * NOTIFYs `statefront_catalogue` with the new value (migration 0001), so every server's in-memory
 * read model (server/catalogue/read-model.ts) knows whether it is current.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first version whose changed products are all in catalogue_changes (migration 0012). */
    changesFrom: bigint('changes_from', { mode: 'number' }),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);

/**
 * An order's status, as stored in orders.status and sent in the contract's Order.status (openapi.yaml).
 * Only Pending orders can be paid; a successful payment moves them to Processing.
 */
export const OrderStatus = {
  Pending: ORDER_STATUS.pending,
  Processing: ORDER_STATUS.processing,
  Shipped: ORDER_STATUS.shipped,
  Delivered: ORDER_STATUS.delivered,
  Cancelled: ORDER_STATUS.cancelled,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const orders = pgTable(
  'orders',
  {
    /** Order number shown to shoppers, e.g. SF-7K2M9Q4XH3TB8N6C (80 random bits). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An OrderStatus value. */
    status: smallint('status').$type<OrderStatus>().notNull().default(OrderStatus.Pending),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    shipFullName: text('ship_full_name').notNull(),
    shipAddress: text('ship_address').notNull(),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipPostalCode: text('ship_postal_code').notNull(),
    /** Normalised to +91 and 10 digits. */
    shipPhone: text('ship_phone').notNull(),
    trackingNumber: text('tracking_number'),
    /** The courier the order shipped with (set by the fulfilment webhook's "shipped"). */
    carrier: text('carrier'),
    trackingUrl: text('tracking_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productTitle: text('product_title').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** The size and colour chosen for this line (null for spec clients that send only `products`). */
    size: text('size'),
    color: text('color'),
    /** Where the line stood in the request, so variants keep the shopper's order. */
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * Units left of each size and colour of a product (migration 0014, docs/stock.md): '' for no size or
 * colour. A product without rows is not counted. `units >= 0` is a check, so stock never goes negative.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    units: integer('units').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size, t.color] }),
    check('product_stock_units_check', sql`${t.units} >= 0`),
  ],
);

/** What an order line took from stock (its size and colour, its units still out): what a release gives back. */
export const stockHolds = pgTable(
  'stock_holds',
  {
    orderItemId: uuid('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    size: text('size').notNull(),
    color: text('color').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [check('stock_holds_units_check', sql`${t.units} >= 0`)],
);

/** Who moved an order: the lifecycle's list (the check constraint below is written from it too). */
export type OrderEventActor = OrderActor;

/**
 * Every change of an order's status (docs/operations.md): the placement (from null to 0), the payment
 * (0 → 1), fulfilment and cancellation. A row with `applied = false` is an event that arrived and changed
 * nothing (a late "shipped" after "delivered", a payment for a cancelled order): kept with its note so a
 * replay of the same external id answers the same, and operators can see it. `externalId` is the sender's
 * event id (the fulfilment webhook's `id`): unique, so a replay never adds a second row.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** An OrderStatus value, null for the placement. */
    fromStatus: smallint('from_status').$type<OrderStatus>(),
    toStatus: smallint('to_status').$type<OrderStatus>().notNull(),
    applied: boolean('applied').notNull().default(true),
    /** When it happened (the sender's time for webhook events). */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').$type<OrderEventActor>().notNull(),
    note: text('note'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    externalId: text('external_id'),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_events_external_id_unique').on(t.externalId),
    check(
      'order_events_actor_check',
      sql`${t.actor} in (${sql.raw(ORDER_ACTORS.map((actor) => `'${actor}'`).join(', '))})`,
    ),
  ],
);

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    /** Random, unguessable: it is the path of the sandbox gateway page. */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    /** The gateway's transaction reference (PayU txnid, UPI tr). */
    reference: text('reference').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** created | succeeded | failed */
    status: text('status').notNull().default('created'),
    providerPayload: jsonb('provider_payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_reference_unique').on(t.reference),
    index('payment_attempts_order_idx').on(t.orderId),
  ],
);

/**
 * A signed-in shopper's saved products (the wishlist). `seq` orders them: every save (again) takes the
 * next value, so the most recently saved is on top and a save of an id already there moves it up.
 * A product that leaves the catalogue leaves every wishlist with it.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('wishlist_items_user_seq_idx').on(t.userId, t.seq.desc()),
  ],
);

/**
 * A signed-in shopper's shipping addresses (at most 5, server/addresses/addresses.repository.ts), stored as
 * the checkout rules normalise them. `seq` orders them: adding one or placing an order with it takes
 * the next value, so the last used is first. The same six fields are one address, saved once.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    phone: text('phone').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('saved_addresses_same_unique').on(
      t.userId,
      t.fullName,
      t.address,
      t.city,
      t.state,
      t.postalCode,
      t.phone,
    ),
    index('saved_addresses_user_seq_idx').on(t.userId, t.seq.desc()),
  ],
);

/**
 * A refund of a succeeded payment attempt, written when the shopper cancels a paid order
 * (server/orders/orders.repository.ts cancelOrderOfUser) and updated with the gateway's answer.
 * status: pending (written, gateway not asked yet) | recorded (sandbox: no money moved) | queued (the
 * gateway accepted it) | failed (the gateway refused it or could not be reached; `error` says why).
 * One refund per attempt at most (the unique index), so a payment is never refunded twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    /** Our refund id, sent to the gateway as its unique request id (PayU var2). */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The return it refunds (part of the attempt's amount), or null for a cancellation's refund. */
    returnId: text('return_id').references(() => returns.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** The gateway's reference for the refund (PayU request_id), when it gave one. */
    gatewayReference: text('gateway_reference'),
    error: text('error'),
    /** Times the gateway was asked; the refund sweep (server/payments/refunds.ts) retries up to REFUND_MAX_ATTEMPTS. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whoever is asking the gateway holds the row until then (a request, or a sweep in some process). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_attempt_unique').on(t.attemptId).where(sql`${t.returnId} is null`),
    uniqueIndex('refunds_return_unique').on(t.returnId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_status_check', sql`${t.status} in ('pending', 'recorded', 'queued', 'failed')`),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * A return or size exchange of a delivered order (docs/returns.md): its own record beside the order, moved
 * along shared/return-lifecycle.ts. `refundAccount` is a cash-on-delivery return's UPI or bank account,
 * encrypted (server/returns/account-cipher.ts); `refundAccountHint` is all that is ever shown of it.
 */
export const returns = pgTable(
  'returns',
  {
    /** Return number shown to shoppers, e.g. RT-4Q8M2K7XH3TB (60 random bits). */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReturnKind>().notNull(),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    reason: text('reason').notNull(),
    note: text('note'),
    /** What the returned lines cost: what a return refunds. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    refundAccount: text('refund_account'),
    refundAccountHint: text('refund_account_hint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('returns_order_idx').on(t.orderId, t.createdAt)],
);

/** The pieces of an order's lines a return takes back, and an exchange's new size for each. */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: text('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    size: text('size'),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderItemId] }),
    index('return_lines_item_idx').on(t.orderItemId),
  ],
);

/** Every move of a return: the request (from null), then each event; `externalId` makes a replay harmless. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: text('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ReturnStatus>(),
    toStatus: text('to_status').$type<ReturnStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').$type<OrderActor>().notNull(),
    note: text('note'),
    externalId: text('external_id'),
  },
  (t) => [
    index('return_events_return_idx').on(t.returnId, t.id),
    uniqueIndex('return_events_external_id_unique').on(t.externalId),
  ],
);

/**
 * The transactional outbox (docs/operations.md): every mail the shop sends is first a row here, written in
 * the same transaction as the change that causes it (an order placed, paid, shipped, …), so a mail exists
 * exactly when its cause committed. The mail worker (server/mail/worker.ts) renders and delivers each row,
 * retrying with backoff; `dedupe_key` (the cause, e.g. `event:42`) makes one cause one mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which template renders it (server/mail/templates.ts MailTemplate). */
    template: text('template').notNull(),
    /** The address it goes to; null for order mail, which goes to the order's account at send time. */
    recipient: text('recipient'),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The order_events row that caused it (order mail). */
    eventId: bigint('event_id', { mode: 'number' }),
    /** What the template needs beyond the order (a reset link, a contact message). */
    data: jsonb('data').notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease while it sends; a crashed worker's lease runs out and another takes the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the worker gave up (MAIL_MAX_ATTEMPTS failures, or a mail that cannot be rendered). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_unique').on(t.dedupeKey),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** Messages sent through the contact form (POST /contact); each is mailed to the store's companyEmail. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Newsletter subscriptions, double opt-in: 'pending' until the mailed link is opened, then
 * 'confirmed'; 'unsubscribed' after the one-click link. One row per (normalised) address.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** How many confirmation mails were asked for (at most a few per address). */
    confirmationsSent: integer('confirmations_sent').notNull().default(0),
  },
  (t) => [
    uniqueIndex('newsletter_email_unique').on(t.email),
    check('newsletter_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);
