import { afterEach, describe, expect, it } from 'vitest';
import { median, numberOption } from '../../scripts/cli-option';

const argv = process.argv;
afterEach(() => {
  process.argv = argv;
});
const withArgs = (...args: string[]) => {
  process.argv = ['node', 'bench.ts', ...args];
};

describe("the benchmarks' options and median", () => {
  it('reads a positive number, falls back when the option is absent, and refuses a mistyped value', () => {
    withArgs('--runs', '5');
    expect(numberOption('runs', 3)).toBe(5);
    withArgs();
    expect(numberOption('runs', 3)).toBe(3);
    withArgs('--runs', '3x');
    expect(() => numberOption('runs', 3)).toThrow('--runs must be a positive number');
    withArgs('--runs');
    expect(() => numberOption('runs', 3)).toThrow('--runs must be a positive number');
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
