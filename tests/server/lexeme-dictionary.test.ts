import { describe, expect, it } from 'vitest';
import { LexemeDictionary, trigrams } from '../../server/catalogue/lexeme-dictionary';

/** Words as a catalogue's tsvectors hold them: stems, numbers, shared prefixes, accents and emoji. */
function words(n: number): string[] {
  const pieces = [
    'kurt',
    'kurta',
    'kurti',
    'a',
    'ab',
    'abc',
    '837848',
    'ÿ',
    'þe',
    'Ā',
    'é',
    '😀',
    '\uffff',
    'z',
  ];
  const out = new Set<string>();
  for (let i = 0; out.size < n; i++) {
    const a = pieces[i % pieces.length] as string;
    const b = pieces[(i * 7) % pieces.length] as string;
    out.add(i % 3 === 0 ? `${a}${i}` : `${a}${b}${i % 50}`);
  }
  return [...out];
}

describe('lexeme dictionary', () => {
  const all = words(5000);
  const dictionary = new LexemeDictionary();
  const ids = all.map((word) => dictionary.idOf(word));

  it('numbers each distinct word once and gives it back, through every growth of its table', () => {
    expect(ids).toEqual(all.map((_, k) => k));
    expect(all.map((word) => dictionary.idOf(word))).toEqual(ids);
    expect(all.map((word) => dictionary.find(word))).toEqual(ids);
    expect(ids.map((id) => dictionary.lexeme(id))).toEqual(all);
    expect(dictionary.find('not-there')).toBeUndefined();
    expect(dictionary.find('kurt')).toBeUndefined();
    expect(dictionary.size).toBe(all.length);
  });

  it('sorts, compares and matches prefixes as JavaScript strings do', () => {
    const sorted = dictionary.sort(Int32Array.from(ids.slice().reverse()));
    expect([...sorted].map((id) => dictionary.lexeme(id))).toEqual([...all].sort());
    for (let k = 0; k < 2000; k++) {
      const a = (k * 31) % all.length;
      const b = (k * 97 + 5) % all.length;
      const [x, y] = [all[a] as string, all[b] as string];
      expect(Math.sign(dictionary.compare(a, b)), `${x} ${y}`).toBe(x < y ? -1 : x > y ? 1 : 0);
      expect(Math.sign(dictionary.compareWith(a, y))).toBe(x < y ? -1 : x > y ? 1 : 0);
      expect(dictionary.startsWith(a, y.slice(0, 3))).toBe(x.startsWith(y.slice(0, 3)));
    }
  });

  it('indexes trigrams as pg_trgm pieces the words, also for words added later', () => {
    const small = new LexemeDictionary();
    for (const word of ['kurta', 'kurti']) small.idOf(word);
    small.indexTrigrams();
    small.idOf('kurtha');
    small.indexTrigrams();
    expect([...small.withTrigram('urt')]).toEqual([0, 1, 2]);
    expect([...small.withTrigram('ta ')]).toEqual([0]);
    expect([...small.withTrigram('xyz')]).toEqual([]);
    expect(small.trigramCount(2)).toBe(trigrams('kurtha').size);
  });
});
