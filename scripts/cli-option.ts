/**
 * The benchmark scripts' command-line options, the one statistic they all print and how they print
 * tables and the load beside them, written once (scripts/bench.ts, bench-web.ts, bench-interactions.ts,
 * bench-memory.ts, bench-checkout.ts, bench-flash.ts).
 */
import { loadavg } from 'node:os';

/** `--name value` from the command line, or the fallback when it is absent or has no value. */
export function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? (args[index + 1] as string) : fallback;
}

/**
 * `--name N`, a positive number, or the fallback when the option is absent. A value given that is not
 * a positive number is refused (a mistyped `--runs 3x` would otherwise measure something else quietly).
 */
export function numberOption(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** The median: the middle value, or the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The machine's load average over 1, 5 and 15 minutes, as the benches print it beside their figures. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** `title`, then `head` and `rows` in aligned columns: the first left-aligned, the others right-aligned. */
export function printColumns(title: string, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ');
  console.log(title);
  console.log(format(head));
  for (const row of rows) console.log(format(row));
}
