import { describe, expect, it } from 'vitest';
import { HeldJson, listBody, StoredJson } from '../../server/catalogue/product-json';

const ids = ['a', 'b', 'c', 'd'];
const json = (id: string) => JSON.stringify({ id, title: `Product ${id}` });
const lines = () => [
  Buffer.from(ids.slice(0, 2).map(json).join('\n')),
  Buffer.from(ids.slice(2).map(json).join('\n')),
];

/** Reads like productJsonByIds, from a table that may have lost some rows since the snapshot. */
function table(present: readonly string[]) {
  const asked: string[][] = [];
  const read = async (wanted: readonly string[]) => {
    asked.push([...wanted]);
    return new Map(wanted.filter((id) => present.includes(id)).map((id) => [id, json(id)]));
  };
  return { read, asked };
}

const idsIn = async (body: Promise<Buffer>) =>
  (JSON.parse((await body).toString()) as { data: { id: string }[] }).data.map((p) => p.id);

describe('product JSON held or stored', () => {
  it('answers the same pages from memory and from the database', async () => {
    const held = HeldJson.fromLines(ids.length, lines());
    const stored = new StoredJson(ids, table(ids).read);
    for (const [positions, from, to] of [
      [null, 0, 4],
      [null, 1, 3],
      [[3, 0, 2], 0, 3],
      [[3, 0, 2], 1, 2],
      [[1], 0, 0],
    ] as const) {
      const fromMemory = await listBody(held, positions, from, to, ']}');
      expect((await listBody(stored, positions, from, to, ']}')).toString()).toBe(fromMemory.toString());
    }
    expect(await idsIn(listBody(held, [3, 0, 2], 0, 3, ']}'))).toEqual(['d', 'a', 'c']);
    expect((await stored.one(2))?.toString()).toBe(held.one(2).toString());
  });

  it('leaves out of a page a product deleted since the snapshot, and reads each page once', async () => {
    const { read, asked } = table(['a', 'c', 'd']);
    const stored = new StoredJson(ids, read);
    expect(await idsIn(listBody(stored, null, 0, 4, ']}'))).toEqual(['a', 'c', 'd']);
    expect(await idsIn(listBody(stored, [1, 3], 0, 2, ']}'))).toEqual(['d']);
    expect(await idsIn(listBody(stored, [1], 0, 1, ']}'))).toEqual([]);
    expect(await stored.one(1)).toBeNull();
    expect(asked).toEqual([['a', 'b', 'c', 'd'], ['b', 'd'], ['b'], ['b']]);
  });

  it('patches a held catalogue with fresh JSON and keeps the rest, and a stored one by ids alone', async () => {
    const held = HeldJson.fromLines(ids.length, lines());
    const indexById = new Map(ids.map((id, i) => [id, i]));
    const next = held.patched(indexById, ['e', 'a', 'c'], new Map([['e', json('e')]]));
    expect(await idsIn(listBody(next, null, 0, 3, ']}'))).toEqual(['e', 'a', 'c']);
    const stored = new StoredJson(ids, table(['a', 'c', 'e']).read).patched(indexById, ['e', 'a', 'c']);
    expect(await idsIn(listBody(stored, null, 0, 3, ']}'))).toEqual(['e', 'a', 'c']);
  });
});
