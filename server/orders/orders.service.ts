/**
 * Placing an order (POST /orders): the rules that turn what the shopper sent into priced lines —
 * product ids, quantities, the size and colour each product offers, the per-line and per-order caps —
 * then one statement takes its stock and stores it (orders/orders.repository.ts insertOrder; a short line is
 * a 409 and nothing is taken: stock/stock.repository.ts) and the address is remembered.
 * The handler parses and answers; every rule is here.
 */

import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrderRequest, StockShortage } from '../../contract/schema';
import { formatRupees } from '../../shared/money';
import { normaliseMobile } from '../../shared/phone';
import { pictureOfColour } from '../../shared/product-images';
import { optionValues, type ProductOption } from '../../shared/product-options';
import { rememberAddress } from '../addresses/addresses.repository';
import { checkDeliverableAddress } from '../addresses/deliverable-address';
import { findProductsByIds, isProductId, type ProductRow } from '../catalogue/products.repository';
import type { AppContext } from '../context';
import { OrderStatus, type ProductAttributeRow } from '../db/schema';
import { badRequest, HttpError } from '../errors';
import { isStockShort, type ShortLine, shortLines } from '../stock/stock.repository';
import { insertOrder, type OrderEventRow, type OrderItemWithImage, type OrderRow } from './orders.repository';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_ID_PATTERN = /^SF-[0-9A-HJKMNP-TV-Z]{16}$/;

/** 'SF-' + 16 Crockford base32 characters = 80 bits from the CSPRNG: not guessable, not sequential. */
export function newOrderId(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 15; i >= 0; i--) out += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `SF-${out}`;
}

/**
 * One option of an order line against what the product offers: required when it offers several
 * values, filled in when it offers one, refused when it offers none or the value is not offered.
 */
export function chooseOption(
  product: { id: string; title: string; attributes: ProductAttributeRow[] },
  option: ProductOption,
  given: string | undefined,
): string | null {
  const offered = optionValues(product.attributes, option);
  const label = option === 'size' ? 'size' : 'colour';
  const value = given?.trim();
  if (!value) {
    if (offered.length > 1)
      throw badRequest(`Choose a ${label} for "${product.title}" (${offered.join(', ')})`);
    return offered[0] ?? null;
  }
  const match = offered.find((v) => v.toLowerCase() === value.toLowerCase());
  if (!match) {
    throw badRequest(
      offered.length === 0
        ? `"${product.title}" has no ${label} to choose`
        : `"${product.title}" is not available in ${label} "${value}" (choose ${offered.join(', ')})`,
    );
  }
  return match;
}

/** A total above the shop's ceiling (MAX_ORDER_VALUE): a 400 that says both amounts, never a 500. */
function orderTooLarge(totalPaise: number, maxTotalPaise: number): HttpError {
  return badRequest(
    `The order total ${formatRupees(totalPaise)} is above the limit of ${formatRupees(maxTotalPaise)} per order`,
  );
}

/** The 409 of an order asking for more than is left: every short line, the message naming them. */
function stockShortage(
  lines: readonly { productId: string; productTitle: string; quantity: number }[],
  short: readonly ShortLine[],
): HttpError {
  const shortages: StockShortage[] = short.flatMap((found) => {
    const line = lines[found.index];
    return line
      ? [
          {
            productId: line.productId,
            title: line.productTitle,
            size: found.size,
            color: found.color,
            requested: line.quantity,
            left: Math.max(0, found.left),
          },
        ]
      : [];
  });
  const sentences = shortages.map((line) => {
    const variant = [line.size, line.color].filter(Boolean).join(', ');
    const what = `"${line.title}"${variant ? ` in ${variant}` : ''}`;
    return line.left === 0 ? `${what} is sold out` : `Only ${line.left} left of ${what}`;
  });
  const message = sentences.length > 0 ? sentences.join('; ') : 'Part of this order has just sold out';
  return new HttpError(409, message, {}, undefined, { shortages });
}

/** A placed order as stored, its lines sorted as the API shows them (with images) and its timeline. */
export interface PlacedOrder {
  order: OrderRow;
  items: OrderItemWithImage[];
  timeline: OrderEventRow[];
}

/** Places the shopper's order: a 400 names what is wrong with the request; prices come from the database. */
export async function placeOrder(
  ctx: AppContext,
  userId: string,
  body: CreateOrderRequest,
  log: FastifyBaseLogger,
): Promise<PlacedOrder> {
  const { maxLineQuantity, maxTotalPaise } = ctx.config.orders;
  // The checkout rules, then the PIN code against the state: a 400 names the field at fault.
  const shipping = checkDeliverableAddress(body.shippingAddress);

  // Quantities per product id (ids are case-insensitive uuids; the same product twice adds up).
  const quantities = new Map<string, number>();
  const malformed: string[] = [];
  for (const [id, quantity] of Object.entries(body.products)) {
    if (!isProductId(id)) {
      malformed.push(id);
      continue;
    }
    const key = id.toLowerCase();
    quantities.set(key, (quantities.get(key) ?? 0) + quantity);
  }
  const ids = [...quantities.keys()];
  const found = await findProductsByIds(ctx.db, ids);
  const byId = new Map(found.map((p) => [p.id, p]));
  const unknown = [...malformed, ...ids.filter((id) => !byId.has(id))];
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).map((id) => `"${id}"`);
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
    throw badRequest(`Unknown product id(s): ${shown.join(', ')}${more}`);
  }
  // Without lines each product is one line, so it is held to the per-line cap (MAX_LINE_QUANTITY).
  if (!body.lines) {
    for (const [id, quantity] of quantities) {
      if (quantity > maxLineQuantity)
        throw badRequest(`quantity of product "${id}" must be at most ${maxLineQuantity}`);
    }
  }

  // Prices come from the catalogue now, never from the client, and are frozen on the lines.
  const priced = (id: string) => {
    const product = byId.get(id);
    if (!product) throw new HttpError(500, 'product vanished');
    return {
      product,
      line: {
        productId: id,
        productTitle: product.title,
        unitPricePaise: product.discountedPricePaise ?? product.regularPricePaise,
      },
    };
  };
  let lines: Array<
    ReturnType<typeof priced>['line'] & { quantity: number; size: string | null; color: string | null }
  >;
  if (body.lines) {
    // Lines carry the variants; they must describe the same order as the products map.
    const fromLines = new Map<string, number>();
    const byVariant = new Map<string, (typeof lines)[number]>();
    for (const [index, raw] of body.lines.entries()) {
      const id = raw.productId.toLowerCase();
      if (!quantities.has(id)) throw badRequest(`Line product "${raw.productId}" is not in products`);
      const { product, line } = priced(id);
      const size = chooseOption(product, 'size', raw.size);
      const color = chooseOption(product, 'color', raw.color);
      fromLines.set(id, (fromLines.get(id) ?? 0) + raw.quantity);
      const key = JSON.stringify([id, size, color]);
      const existing = byVariant.get(key);
      const quantity = (existing?.quantity ?? 0) + raw.quantity;
      if (quantity > maxLineQuantity)
        throw badRequest(
          existing
            ? `lines[${index}].quantity must be at most ${maxLineQuantity} (with an earlier line of the same size and colour it makes ${quantity})`
            : `lines[${index}].quantity must be at most ${maxLineQuantity}`,
        );
      if (existing) existing.quantity = quantity;
      else byVariant.set(key, { ...line, quantity, size, color });
    }
    for (const [id, quantity] of quantities) {
      if (fromLines.get(id) !== quantity)
        throw badRequest(`The lines of product "${id}" add up to ${fromLines.get(id) ?? 0}, not ${quantity}`);
    }
    lines = [...byVariant.values()];
  } else {
    lines = ids.map((id) => ({
      ...priced(id).line,
      quantity: quantities.get(id) ?? 0,
      size: null,
      color: null,
    }));
  }
  const totalPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  if (totalPaise > maxTotalPaise) throw orderTooLarge(totalPaise, maxTotalPaise);
  const orderId = newOrderId();
  // A line of `lines` names its size and colour ('' for a product sold in none); a `products`-map line
  // takes any (stock/stock.repository.ts takes it from the size and colour with the most left).
  const wanted = lines.map((line) => ({
    productId: line.productId,
    size: body.lines ? (line.size ?? '') : null,
    color: body.lines ? (line.color ?? '') : null,
    quantity: line.quantity,
  }));

  const newOrder = {
    id: orderId,
    userId,
    status: OrderStatus.Pending,
    totalPaise,
    shipFullName: shipping.fullName,
    shipAddress: shipping.address,
    shipCity: shipping.city,
    shipState: shipping.state,
    shipPostalCode: shipping.postalCode,
    shipPhone: shipping.phone,
  };
  // One statement takes the stock and stores the order; a short line aborts it (nothing taken). Its
  // shortages are read after: if none is short by then (another order gave units back), once more.
  const place = () => insertOrder(ctx.db, newOrder, lines, ctx.config.lifecycle.paymentReminderMs, wanted);
  let placed: Awaited<ReturnType<typeof place>> | undefined;
  for (let attempt = 0; placed === undefined; attempt++) {
    try {
      placed = await place();
    } catch (error) {
      if (!isStockShort(error)) throw error;
      const short = await shortLines(ctx.db, wanted);
      if (short.length > 0 || attempt > 0) throw stockShortage(lines, short);
    }
  }
  const { order, items, timeline } = placed;
  log.info({ orderId, userId, totalPaise }, 'order created');
  // The address goes first in the account's saved addresses (the least recently used makes room).
  // The order stands either way: an address not remembered is no reason to answer 500.
  await rememberAddress(ctx.db, userId, shipping, { makeRoom: true }).catch((error: unknown) =>
    log.error({ err: error, orderId }, 'could not save the shipping address'),
  );
  return {
    order,
    items: [...items]
      .sort((a, b) => a.productTitle.localeCompare(b.productTitle) || a.position - b.position)
      .map((item) => ({
        ...item,
        imgUrl: pictureOf(byId.get(item.productId), item.color),
        attributes: byId.get(item.productId)?.attributes ?? null,
      })),
    timeline,
  };
}

/** A product's picture in a line's colour (shared/product-images.ts), null for a product gone. */
function pictureOf(product: ProductRow | undefined, colour: string | null): string | null {
  return product ? pictureOfColour(product.images, product.imgUrl, colour) : null;
}

/** The account email (case-insensitive) or the shipping phone, with or without +91, spaces or hyphens. */
export function contactMatches(contact: string, email: string, phone: string): boolean {
  if (!contact) return false;
  if (contact.includes('@')) return contact.toLowerCase() === email.toLowerCase();
  return normaliseMobile(contact) === phone;
}
