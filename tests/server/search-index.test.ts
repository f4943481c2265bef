import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../server/catalogue/catalogue';
import { LexemeDictionary } from '../../server/catalogue/lexeme-dictionary';
import { VectorsBuilder } from '../../server/catalogue/product-vectors';
import {
  normalizeTsquery,
  readCatalogueSnapshot,
  searchProductIds,
} from '../../server/catalogue/products.repository';
import { parseSearch } from '../../server/catalogue/search';
import { SearchIndex } from '../../server/catalogue/search-index';
import { parseQueryText } from '../../server/catalogue/tsquery-text';
import { generatedProduct } from '../../server/db/scale-seed';
import { API, createTestApp, type TestApp } from './helpers';

// The in-memory search (server/catalogue/search-index.ts, ranking in ts-rank.ts) must give exactly the
// answer of the SQL it replaced: `WHERE search_vector @@ query ORDER BY ts_rank(search_vector, query)
// DESC, created_at DESC, id`, ties and float4 rounding included. Runs on PGlite and, with
// TEST_DATABASE=postgres, PostgreSQL.

const GENERATED = 1500;
const products = [
  ...catalogue,
  ...Array.from({ length: GENERATED }, (_, k) => generatedProduct(k + 1, catalogue)),
];

let t: TestApp;
let index: SearchIndex;
let ids: string[];
let texts: string[];

beforeAll(async () => {
  t = await createTestApp({}, { products });
  const loaded = await readCatalogueSnapshot(t.ctx.db, async (reads) => {
    const ids = (await reads.indexText()).split('\n').map((line) => line.split('\u001f')[0] as string);
    const parts: string[] = [];
    for await (const part of reads.vectorParts(ids)) parts.push(part);
    return { ids, vectors: parts.join('\n').split('\n') };
  });
  ids = loaded.ids;
  texts = loaded.vectors;
  const builder = new VectorsBuilder(new LexemeDictionary(), ids.length);
  for (const line of loaded.vectors) expect(builder.addText(line), line).toBe(true);
  index = await SearchIndex.build(builder.dictionary, builder.finish());
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

/** Words shoppers would type, taken from the catalogue itself: title words, their prefixes, pairs. */
function queries(): string[] {
  const words = new Set<string>();
  for (const p of catalogue)
    for (const word of `${p.title} ${p.category} ${p.parentCategory ?? ''}`.toLowerCase().split(/[^a-z]+/))
      if (word.length >= 2) words.add(word);
  const list = [...words].sort();
  const chosen = new Set<string>(list);
  for (const word of list) if (word.length > 4) chosen.add(word.slice(0, 3));
  const colours = ['indigo', 'black', 'white', 'navy', 'maroon', 'mustard', 'rust', 'olive', 'peach', 'sage'];
  const kinds = ['kurta', 'tee', 'shirt', 'saree', 'dupatta', 'jacket', 'top', 'dress', 'stole', 'cap'];
  for (const colour of colours) for (const kind of kinds) chosen.add(`${colour} ${kind}`);
  chosen.add('cotton kurta');
  chosen.add('silk sar');
  chosen.add('block print cotton');
  chosen.add('hand block printed');
  chosen.add('the cotton');
  chosen.add('kurtas');
  return [...chosen];
}

async function sqlAnswer(q: string): Promise<string[]> {
  const terms = parseSearch(q);
  if (!terms) throw new Error(`no terms for ${q}`);
  return searchProductIds(t.ctx.db, terms);
}

async function indexAnswer(q: string): Promise<string[] | null> {
  const terms = parseSearch(q);
  if (!terms) throw new Error(`no terms for ${q}`);
  const items = parseQueryText(await normalizeTsquery(t.ctx.db, terms.tsquery));
  if (items === null) return null;
  return [...index.search(items)].map((i) => ids[i] as string);
}

describe('in-memory search (ts_rank in JavaScript)', () => {
  it('the read model serves searches from the index', () => {
    expect(t.app.catalogue.searchIndexed).toBe(true);
    expect(ids.length).toBe(products.length);
  });

  it('matches and ranks exactly as PostgreSQL does, over hundreds of queries', async () => {
    let compared = 0;
    let withMatches = 0;
    let multiWord = 0;
    for (const q of queries()) {
      const fromIndex = await indexAnswer(q);
      const fromSql = await sqlAnswer(q);
      expect(fromIndex, q).not.toBeNull();
      // The SQL answer falls back to typos when nothing matches; the index answers [] then (the read
      // model asks for typos itself).
      if ((fromIndex as string[]).length === 0) continue;
      expect(fromIndex, q).toEqual(fromSql);
      compared++;
      if (fromSql.length > 1) withMatches++;
      if (q.includes(' ')) multiWord++;
    }
    expect(compared).toBeGreaterThan(150);
    expect(withMatches).toBeGreaterThan(100);
    expect(multiWord).toBeGreaterThan(50);
  }, 120_000);

  it('answers through the API in the same order as the SQL, page by page', async () => {
    for (const q of ['indigo kurta', 'cotton', 'silk sar', 'block print']) {
      const expected = await sqlAnswer(q);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 100); page++) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${API}/products?q=${encodeURIComponent(q)}&limit=100&page=${page}`,
        });
        expect(response.statusCode).toBe(200);
        seen.push(...response.json<{ data: { id: string }[] }>().data.map((p) => p.id));
      }
      expect(seen, q).toEqual(expected);
    }
  }, 60_000);

  it('leaves a query it does not model to the database, with the same answer', async () => {
    // The same word exact and as a prefix: PostgreSQL keeps one of the two by an unstable sort.
    expect(parseQueryText("'kurta' & 'kurta':*")).toBeNull();
    expect(parseQueryText("'block' <-> 'print'")).toBeNull();
    expect(parseQueryText('')).toEqual([]);
    const response = await t.app.inject({ method: 'GET', url: `${API}/products?q=kurta%20kurta&limit=100` });
    expect(response.json<{ data: { id: string }[] }>().data.map((p) => p.id)).toEqual(
      (await sqlAnswer('kurta kurta')).slice(0, 100),
    );
  });

  it('patches products in place to the answers of a whole build, words new, gone and shared', async () => {
    // Products rewritten in three rounds (one of them twice) with other products' words, a word no
    // product had, and none at all; the index before each round keeps answering as it did.
    const now = [...texts];
    const rounds: [number, string][][] = [
      [0, 7, 400, 1499].map((i) => [i, now[(i * 31 + 5) % now.length] as string]),
      [
        [7, `'zardozi':1A 'kurta':2A,9 'silk':3B`],
        [90, ''],
      ],
      [400, 12, 13].map((i) => [i, now[i + 1000] as string]),
    ];
    const typed = [...queries(), 'zardozi', 'zardozi kurta', 'zar', 'zardosi'];
    const answers = async (of: SearchIndex) => {
      const found: string[][] = [];
      for (const q of typed) {
        const terms = parseSearch(q);
        const items = terms && parseQueryText(await normalizeTsquery(t.ctx.db, terms.tsquery));
        if (!items) continue;
        const hits = of.search(items);
        found.push([...(hits.length > 0 ? hits : of.searchTypos(items))].map((i) => ids[i] as string));
      }
      return found;
    };
    let patched = index;
    for (const round of rounds) {
      const before = patched;
      const answeredBefore = await answers(before);
      const next = before.patchedInPlace(
        round.map(([i]) => i),
        round.map(([, text]) => text),
      );
      if (!next) throw new Error('not patched in place');
      // Nothing the size of the catalogue is copied: the entries are appended to the same buffers.
      expect(next.vectors.entryLexeme.buffer).toBe(index.vectors.entryLexeme.buffer);
      for (const [i, text] of round) now[i] = text;
      const builder = new VectorsBuilder(new LexemeDictionary(), now.length);
      for (const line of now) expect(builder.addText(line), line).toBe(true);
      const whole = await SearchIndex.build(builder.dictionary, builder.finish());
      expect(await answers(next)).toEqual(await answers(whole));
      expect(await answers(before)).toEqual(answeredBefore);
      // Only the newest index on the buffers may append: an older one builds again instead.
      if (before !== index) expect(before.patchedInPlace([1], [now[1] as string])).toBeNull();
      patched = next;
    }
    expect((await answers(patched)).flat()).toContain(ids[7]);
  }, 120_000);

  it('parses tsvector text with quotes, backslashes and weights', () => {
    const builder = new VectorsBuilder(new LexemeDictionary(), 2);
    expect(builder.addText(`'o''neil':1A,3 'a\\\\b':2C 'x':16383D`)).toBe(true);
    expect(builder.addText('')).toBe(true);
    const vectors = builder.finish();
    expect([...vectors.entryStart]).toEqual([0, 3, 3]);
    expect([...vectors.entryEnd]).toEqual([3, 3]);
    expect([...vectors.entryLexeme].map((l) => builder.dictionary.lexeme(l))).toEqual([
      "o'neil",
      'a\\b',
      'x',
    ]);
    // weight << 14 | position: A = 3, C = 1, D = 0.
    expect([...vectors.positions]).toEqual([(3 << 14) | 1, 3, (1 << 14) | 2, 16383]);
    expect(new VectorsBuilder(new LexemeDictionary(), 1).addText('kurta:1')).toBe(false);
  });
});
