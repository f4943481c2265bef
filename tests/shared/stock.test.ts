import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, stockLabel, unitsLeft } from '../../shared/stock';

const ID = '3f0b2a7e-1c4d-5e6f-8a9b-0c1d2e3f4a5b';
const entries = [
  { productId: ID, size: 'M', color: 'Indigo', left: 0 },
  { productId: ID, size: 'M', color: 'Rust', left: 3 },
  { productId: ID, size: 'L', color: 'Indigo', left: 12 },
];

describe('unitsLeft', () => {
  it('reads a size and colour in any case and spacing', () => {
    expect(unitsLeft(entries, ID.toUpperCase(), ' m', 'RUST')).toBe(3);
  });
  it('answers the most left in any colour for a size asked alone', () => {
    expect(unitsLeft(entries, ID, 'M', null)).toBe(3);
  });
  it('answers 0 for a counted product’s size and colour without a row, null for a product not counted', () => {
    expect(unitsLeft(entries, ID, 'L', 'Rust')).toBe(0);
    expect(unitsLeft(entries, 'another', 'M', 'Rust')).toBeNull();
  });
});

describe('stockLabel', () => {
  it('says Sold out at 0, Only N left up to the threshold, nothing above or when not counted', () => {
    expect(stockLabel(0)).toEqual({ kind: 'soldOut', text: 'Sold out' });
    expect(stockLabel(2)?.text).toBe('Only 2 left');
    expect(stockLabel(LOW_STOCK_THRESHOLD)?.kind).toBe('low');
    expect(stockLabel(LOW_STOCK_THRESHOLD + 1)).toBeNull();
    expect(stockLabel(null)).toBeNull();
  });
});
