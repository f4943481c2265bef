import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productIds } from '../../server/catalogue/product-ids';

/** Uuids, some sharing their first eight digits or all but the last, as a catalogue's ids can. */
function uuids(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const id = randomUUID();
    if (i % 5 === 0) return `0000abcd${id.slice(8)}`;
    if (i % 7 === 0) return `ffffffff-0000-4000-8000-00000000${String(i % 10_000).padStart(4, '0')}`;
    return id;
  });
}

const textOrder = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

describe('product ids', () => {
  // A list with one id that is not a uuid is held as strings: both ways must answer alike.
  const ids = [...new Set(uuids(3000))];
  const packed = productIds(ids);
  const text = productIds([...ids, 'not-a-uuid']);

  it.each([
    ['packed uuids', packed],
    ['strings', text],
  ])('%s: an id by position and a position by id, as the text was read', (_, held) => {
    ids.forEach((id, i) => {
      expect(held.at(i)).toBe(id);
      expect(held.get(id)).toBe(i);
    });
    expect(held.slice(10, 13)).toEqual(ids.slice(10, 13));
    expect([...held].slice(0, ids.length)).toEqual(ids);
    expect(held.get(randomUUID())).toBeUndefined();
    expect(held.get((ids[1] as string).toUpperCase())).toBeUndefined();
    expect(held.get('')).toBeUndefined();
    expect(held.get(`${ids[1]}0`)).toBeUndefined();
  });

  it('packed ids compare and prefix as their texts do', () => {
    for (let k = 0; k < 5000; k++) {
      const a = (k * 7919) % ids.length;
      const b = (k * 104_729 + 13) % ids.length;
      expect(Math.sign(packed.compare(a, b)), `${ids[a]} ${ids[b]}`).toBe(
        textOrder(ids[a] as string, ids[b] as string),
      );
      expect(Math.sign(text.compare(a, b))).toBe(textOrder(ids[a] as string, ids[b] as string));
    }
    ids.forEach((id, i) => {
      expect(packed.prefix(i)).toBe(Number.parseInt(id.slice(0, 8), 16));
      expect(text.prefix(i)).toBe(packed.prefix(i));
    });
    expect(packed.compare(3, 3)).toBe(0);
  });

  it('place a repeated id at its last position, as a Map would', () => {
    const id = randomUUID();
    const repeated = productIds([id, randomUUID(), id]);
    expect(repeated.get(id)).toBe(2);
    expect(repeated.length).toBe(3);
  });

  it('hold upper-case uuids as text rather than failing to find them', () => {
    const upper = randomUUID().toUpperCase();
    expect(productIds([upper]).get(upper)).toBe(0);
    expect(productIds([]).length).toBe(0);
    expect(productIds([]).get(randomUUID())).toBeUndefined();
  });
});
