/**
 * The demo catalogue's stock (docs/stock.md): every size and colour of every demo product is counted,
 * with counts a small label might hold (20–99 a size and colour; 80–199 of the first, what a page shows
 * chosen). A few sizes show the chips' other states on a fresh start: in every sixth product the
 * largest size in the last colour is sold out, and in every sixth (another) the size before it is low
 * (2–4 left, "Only N left"). Deterministic: the same product, size and colour always get the same count.
 */
import { optionValues } from '../../shared/product-options';
import { catalogue, type SeedProduct } from './catalogue';

export interface StockSeed {
  size: string;
  color: string;
  units: number;
}

/** FNV-1a over the text: a stable spread, not a secret. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** One product's rows ('' stands for no size or no colour); `index` is its place in the catalogue. */
function stockOfProduct(product: Pick<SeedProduct, 'id' | 'attributes'>, index = 0): StockSeed[] {
  const sizes = optionValues(product.attributes, 'size');
  const colors = optionValues(product.attributes, 'color');
  const sizeList = sizes.length > 0 ? sizes : [''];
  const colorList = colors.length > 0 ? colors : [''];
  const lastColor = colorList.length - 1;
  const rows: StockSeed[] = [];
  for (const [si, size] of sizeList.entries()) {
    for (const [ci, color] of colorList.entries()) {
      const h = hash(`${product.id}|${size}|${color}`);
      let units = si === 0 && ci === 0 ? 80 + (h % 120) : 20 + (h % 80);
      if (sizeList.length >= 3 && ci === lastColor) {
        if (index % 6 === 2 && si === sizeList.length - 1) units = 0;
        if (index % 6 === 5 && si === sizeList.length - 2) units = 2 + (h % 3);
      }
      rows.push({ size, color, units });
    }
  }
  return rows;
}

/** Rows of every demo product, by product id. */
export const demoStock: ReadonlyMap<string, StockSeed[]> = new Map(
  catalogue.map((product, index) => [product.id, stockOfProduct(product, index)]),
);
