import { describe, expect, it } from 'vitest';
import { batches, readStockCsv } from '../../scripts/stock-csv';

const KURTA = '0147062b-c04c-5763-a25b-cd582ae0b55a';
const STOLE = '8681f915-5209-5990-a916-15740472a772';

describe('readStockCsv (scripts/stock-csv.ts)', () => {
  it('reads trimmed rows with their lines when the file has quotes, blank lines and a BOM', () => {
    const text = [
      '\uFEFFProduct , Size, Colour ,Units',
      ` ${KURTA} , M , Indigo , 12 `,
      '',
      '   ',
      `${STOLE},"One Size","Charcoal, melange",40`,
      ',,,',
      `${STOLE},-,-,0`,
    ].join('\r\n');
    expect(readStockCsv(text)).toEqual({
      rows: [
        { line: 2, productId: KURTA, size: 'M', color: 'Indigo', units: 12 },
        { line: 5, productId: STOLE, size: 'One Size', color: 'Charcoal, melange', units: 40 },
        { line: 7, productId: STOLE, size: null, color: null, units: 0 },
      ],
      problems: [],
    });
  });

  it('accepts color for colour and columns in any order, ignoring others', () => {
    const { rows, problems } = readStockCsv(`units,title,color,product,size\n3,Kurta,Indigo,${KURTA},L\n`);
    expect(problems).toEqual([]);
    expect(rows).toEqual([{ line: 2, productId: KURTA, size: 'L', color: 'Indigo', units: 3 }]);
  });

  it('names every bad row by its first line when units, cells or repeats are wrong', () => {
    const text = [
      'product,size,colour,units',
      `${KURTA},M,Indigo,1.5`,
      `"${KURTA}",M,"Indigo`,
      'multi-line",7',
      `${KURTA},L,Indigo`,
      `${KURTA},S,Indigo,-2`,
      `,S,Indigo,2`,
      `${KURTA},XL,Indigo,1000001`,
      `${KURTA},XL,Indigo,4`,
      `${KURTA},xl,INDIGO,5`,
    ].join('\n');
    const { problems } = readStockCsv(text);
    expect(problems).toEqual([
      { line: 2, message: 'units must be a whole number from 0 to 1000000, not "1.5"' },
      { line: 5, message: '3 cells where the header has 4' },
      { line: 6, message: 'units must be a whole number from 0 to 1000000, not "-2"' },
      { line: 7, message: 'no product' },
      { line: 8, message: 'units must be at most 1000000' },
      { line: 10, message: 'the same product, size and colour as line 9' },
    ]);
    // The quoted colour spanning lines 3–4 is one good row, counted from its first line.
    expect(readStockCsv(text).rows.map((row) => [row.line, row.color])).toEqual([
      [3, 'Indigo\nmulti-line'],
      [9, 'Indigo'],
    ]);
  });

  it('refuses a file without the header or rows, or with an unclosed quote', () => {
    expect(readStockCsv('product,size,units\nx,M,1\n').problems).toEqual([
      {
        line: 1,
        message:
          'the header must name product, size, colour and units (missing: colour; found: product,size,units)',
      },
    ]);
    expect(readStockCsv('\n\n').problems).toEqual([
      { line: 1, message: 'the file has no header and no rows' },
    ]);
    expect(readStockCsv('product,size,colour,units\n').problems[0]?.message).toBe(
      'the file has a header but no rows',
    );
    const unclosed = readStockCsv(`product,size,colour,units\n${KURTA},M,"Indigo,1\n`).problems;
    expect(unclosed).toHaveLength(1);
    expect(unclosed[0]?.message).toMatch(/^not a readable CSV: Quote Not Closed/);
  });
});

describe('batches', () => {
  it('cuts rows into runs of at most the size, in order', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches(Array.from({ length: 10_001 }, (_, i) => i)).map((run) => run.length)).toEqual([
      5000, 5000, 1,
    ]);
    expect(batches([])).toEqual([]);
  });

  it('starts a new run before the bytes would pass the signed stock list limit of 1 MiB', () => {
    const short = { line: 2, productId: KURTA, size: 'M', color: 'Indigo', units: 12 };
    // A 60-letter colour in Devanagari is 180 bytes.
    const long = { ...short, color: 'नील'.repeat(20) };
    for (const row of [short, long]) {
      const runs = batches(Array.from({ length: 5000 }, () => row));
      expect(runs.flat()).toHaveLength(5000);
      const { line: _, ...sent } = row;
      for (const run of runs)
        expect(Buffer.byteLength(JSON.stringify({ items: run.map(() => sent) }))).toBeLessThan(1024 * 1024);
      expect(runs[0]?.length).toBeGreaterThan(row === short ? 4999 : 2000);
    }
  });
});
