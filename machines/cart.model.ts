/**
 * The cart's data rules (spec §3 Cart item, §4 Cart). Pure functions: the cart machine, the property
 * tests and the storage loader all use them.
 */

import { storedArray } from './stored';

/** One cart line as stored under localStorage['cart'] — the spec's plain array, not a machine snapshot. */
export type CartLine = {
  id: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
  selectedSize?: string;
  selectedColor?: string;
  /** The sizes and colours the product offers, kept when a card added it without a choice. */
  sizeOptions?: string[];
  colorOptions?: string[];
  /** The image of each colour in colorOptions, so choosing one in the cart shows its picture. */
  colorImages?: Record<string, string>;
};

export type LineKey = Pick<CartLine, 'id' | 'selectedSize' | 'selectedColor'>;

export const CART_STORAGE_KEY = 'cart';

/** At most this many of one size and colour in one line (a typed 999 is brought down to it). */
export const MAX_LINE_QUANTITY = 10;

/** A cart line that can no longer be had in full: how many are left of its size and colour. */
export type LineShortage = LineKey & { left: number };

/**
 * The cart after fitting each short line to what is left: its quantity becomes `left`, and a line
 * with nothing left goes (the other lines of its product stay, unlike the cart's Remove).
 */
export function fitLines(lines: readonly CartLine[], fits: readonly LineShortage[]): CartLine[] {
  return lines.flatMap((line) => {
    const fit = fits.find((f) => sameLine(f, line));
    if (!fit || fit.left >= line.quantity) return [line];
    return fit.left > 0 ? [{ ...line, quantity: fit.left }] : [];
  });
}

/** The lines a Remove or Clear Cart took out, each with the position it had, so Undo can put them back. */
export type RemovedLines = { index: number; line: CartLine }[];

/** A line is identified by id plus selectedColor plus selectedSize (absent and '' are the same choice). */
export function sameLine(a: LineKey, b: LineKey): boolean {
  return (
    a.id === b.id &&
    (a.selectedSize ?? '') === (b.selectedSize ?? '') &&
    (a.selectedColor ?? '') === (b.selectedColor ?? '')
  );
}

export function isValidQuantity(quantity: unknown): quantity is number {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1;
}

/** Add a line: merge into the line with the same key (quantities add up) or append it. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  if (!isValidQuantity(line.quantity)) return [...lines];
  const index = lines.findIndex((l) => sameLine(l, line));
  if (index === -1) return [...lines, normaliseLine({ ...line, quantity: capQuantity(line.quantity) })];
  return lines.map((l, i) => (i === index ? { ...l, quantity: capQuantity(l.quantity + line.quantity) } : l));
}

/** Remove every line of the product, whatever its size and colour (spec §4). */
export function removeProduct(lines: readonly CartLine[], id: string): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

/** The lines `removeProduct(lines, id)` takes out (all of them when `id` is undefined: Clear Cart). */
export function linesRemovedBy(lines: readonly CartLine[], id?: string): RemovedLines {
  return lines.flatMap((line, index) => (id === undefined || line.id === id ? [{ index, line }] : []));
}

/**
 * Put removed lines back where they were (Undo). A line whose key came back in the meantime takes the
 * removed quantity on top, so one line per key still holds.
 */
export function restoreLines(lines: readonly CartLine[], removed: RemovedLines): CartLine[] {
  let out = [...lines];
  for (const { index, line } of [...removed].sort((a, b) => a.index - b.index)) {
    const twin = out.findIndex((l) => sameLine(l, line));
    if (twin === -1) out.splice(Math.min(index, out.length), 0, line);
    else
      out = out.map((l, i) => (i === twin ? { ...l, quantity: capQuantity(l.quantity + line.quantity) } : l));
  }
  return out;
}

/** How many lines of the product the cart holds (Remove says "Remove all 2 sizes" when more than one). */
export function linesOfProduct(lines: readonly CartLine[], id: string): number {
  return lines.filter((l) => l.id === id).length;
}

function capQuantity(quantity: number): number {
  return Math.min(quantity, MAX_LINE_QUANTITY);
}

/** Set one line's quantity, at most MAX_LINE_QUANTITY; values below 1 (or not whole numbers) are ignored. */
export function setLineQuantity(lines: readonly CartLine[], key: LineKey, quantity: number): CartLine[] {
  if (!isValidQuantity(quantity)) return [...lines];
  return lines.map((l) => (sameLine(l, key) ? { ...l, quantity: capQuantity(quantity) } : l));
}

/** Whether adding (or setting) this quantity would take the line past MAX_LINE_QUANTITY. */
export function exceedsLineLimit(lines: readonly CartLine[], key: LineKey, quantity: number, add: boolean) {
  const current = add ? (lines.find((l) => sameLine(l, key))?.quantity ?? 0) : 0;
  return current + quantity > MAX_LINE_QUANTITY;
}

/** The element id of a line's size (or colour) picker, which Checkout focuses while it is unanswered. */
export function choiceFieldId(line: LineKey, choice: 'size' | 'colour'): string {
  const key = `${line.id}-${line.selectedSize ?? ''}-${line.selectedColor ?? ''}`.replace(
    /[^A-Za-z0-9_-]/g,
    '_',
  );
  return `choose-${choice}-${key}`;
}

/** The first line still missing a size or colour, and which one (Checkout waits for it). */
export function firstLineNeedingChoice(
  lines: readonly CartLine[],
): { line: CartLine; missing: 'size' | 'colour' } | null {
  const line = lines.find(lineNeedsChoice);
  if (!line) return null;
  const needsSize = line.sizeOptions !== undefined && line.sizeOptions.length > 1 && !line.selectedSize;
  return { line, missing: needsSize ? 'size' : 'colour' };
}

/** One line's total: unit price × quantity (what the cart page shows beside the line). */
export function lineTotal(line: Pick<CartLine, 'price' | 'quantity'>): number {
  return line.price * line.quantity;
}

export function cartTotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotal(l), 0);
}

/**
 * What a line's Remove takes with it, for its label: "" for a product with one line, else "all 2
 * sizes" (or colours, or lines), since Remove deletes every line of the product (spec §4).
 */
export function removeScope(lines: readonly CartLine[], id: string): string {
  const of = lines.filter((l) => l.id === id);
  if (of.length < 2) return '';
  const distinct = (pick: (l: CartLine) => string | undefined) => new Set(of.map(pick)).size === of.length;
  const kind = distinct((l) => l.selectedSize)
    ? 'sizes'
    : distinct((l) => l.selectedColor)
      ? 'colours'
      : 'lines';
  return `all ${of.length} ${kind}`;
}

export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

function normaliseLine(line: CartLine): CartLine {
  const out: CartLine = {
    id: line.id,
    name: line.name,
    image: line.image,
    price: line.price,
    quantity: line.quantity,
  };
  if (line.selectedSize) out.selectedSize = line.selectedSize;
  if (line.selectedColor) out.selectedColor = line.selectedColor;
  if (line.sizeOptions && line.sizeOptions.length > 1) out.sizeOptions = [...line.sizeOptions];
  if (line.colorOptions && line.colorOptions.length > 1) {
    out.colorOptions = [...line.colorOptions];
    if (line.colorImages) out.colorImages = { ...line.colorImages };
  }
  return out;
}

/** A line still missing a size or colour its product offers a choice of (a card's Add to Cart). */
export function lineNeedsChoice(line: CartLine): boolean {
  return (
    (line.sizeOptions !== undefined && line.sizeOptions.length > 1 && !line.selectedSize) ||
    (line.colorOptions !== undefined && line.colorOptions.length > 1 && !line.selectedColor)
  );
}

/**
 * Choose a size and/or colour on a line (only values it offers); a line that now matches another is
 * merged into it, quantities adding up.
 */
export function chooseVariant(
  lines: readonly CartLine[],
  key: LineKey,
  choice: { selectedSize?: string; selectedColor?: string },
): CartLine[] {
  const index = lines.findIndex((l) => sameLine(l, key));
  const line = lines[index];
  if (!line) return [...lines];
  const next: CartLine = { ...line };
  if (choice.selectedSize && line.sizeOptions?.includes(choice.selectedSize))
    next.selectedSize = choice.selectedSize;
  if (choice.selectedColor && line.colorOptions?.includes(choice.selectedColor)) {
    next.selectedColor = choice.selectedColor;
    next.image = line.colorImages?.[choice.selectedColor] ?? line.image;
  }
  const rest = lines.filter((_, i) => i !== index);
  const twin = rest.findIndex((l) => sameLine(l, next));
  if (twin === -1) return lines.map((l, i) => (i === index ? normaliseLine(next) : l));
  return rest.map((l, i) => (i === twin ? { ...l, quantity: capQuantity(l.quantity + next.quantity) } : l));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function toLine(v: unknown): CartLine | null {
  if (!isRecord(v)) return null;
  const {
    id,
    name,
    image,
    price,
    quantity,
    selectedSize,
    selectedColor,
    sizeOptions,
    colorOptions,
    colorImages,
  } = v;
  if (typeof id !== 'string' || id === '') return null;
  if (typeof name !== 'string' || typeof image !== 'string') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (!isValidQuantity(quantity)) return null;
  if (selectedSize !== undefined && selectedSize !== null && typeof selectedSize !== 'string') return null;
  if (selectedColor !== undefined && selectedColor !== null && typeof selectedColor !== 'string') return null;
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((x) => typeof x === 'string') ? (list as string[]) : undefined;
  const sizes = strings(sizeOptions);
  const colors = strings(colorOptions);
  // Only a record of strings is kept: anything else in storage is dropped, not trusted.
  const pictures =
    isRecord(colorImages) && Object.values(colorImages).every((url) => typeof url === 'string')
      ? (colorImages as Record<string, string>)
      : undefined;
  return normaliseLine({
    id,
    name,
    image,
    price,
    quantity,
    ...(typeof selectedSize === 'string' ? { selectedSize } : {}),
    ...(typeof selectedColor === 'string' ? { selectedColor } : {}),
    ...(sizes ? { sizeOptions: sizes } : {}),
    ...(colors ? { colorOptions: colors } : {}),
    ...(pictures ? { colorImages: pictures } : {}),
  });
}

/**
 * Read what was stored under localStorage['cart']. Anything that is not a JSON array of valid lines —
 * corrupt JSON, a hand-edited value, a line with a negative price — gives an empty cart; never throws.
 * Duplicate keys (possible only by hand-editing) are merged so the one-line-per-key invariant holds.
 */
export function parseStoredCart(raw: unknown): CartLine[] {
  const lines: CartLine[] = [];
  for (const item of storedArray(raw)) {
    const line = toLine(item);
    if (!line) return [];
    lines.splice(0, lines.length, ...addLine(lines, line));
  }
  return lines;
}

export function serializeCart(lines: readonly CartLine[]): string {
  return JSON.stringify(lines);
}
