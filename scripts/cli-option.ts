/**
 * The benchmark scripts' command-line options and the one statistic they all print, written once
 * (scripts/bench.ts, bench-web.ts, bench-interactions.ts, bench-memory.ts).
 */

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
