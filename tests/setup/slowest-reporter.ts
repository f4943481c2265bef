/**
 * A Vitest reporter beside the default one: at the end of a run it prints the slowest test files (the
 * time to import them and run their tests and hooks) and the slowest tests, so a run's log says where
 * its time went. A test over SLOW_TEST_MS is marked: it says in a comment why it needs that long, or it
 * is made faster (docs/testing.md).
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 8;
const SLOW_TEST_MS = 20_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length === 0) return;
    const root = process.cwd();
    const name = (module: TestModule) => module.moduleId.replace(`${root}/`, '');
    const files = modules
      .map((module) => {
        const d = module.diagnostic();
        return { name: name(module), ms: d.collectDuration + d.duration, collect: d.collectDuration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    const tests = modules
      .flatMap((module) =>
        [...module.children.allTests()].map((test) => ({
          name: `${name(module)} > ${test.fullName}`,
          ms: test.diagnostic()?.duration ?? 0,
        })),
      )
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    const lines = [
      '',
      `Slowest files (import + tests and hooks):`,
      ...files.map((f) => `${seconds(f.ms)}  ${f.name} (import ${(f.collect / 1000).toFixed(1)} s)`),
      `Slowest tests (a test over ${SLOW_TEST_MS / 1000} s says why in a comment):`,
      ...tests.map((t) => `${seconds(t.ms)}  ${t.ms > SLOW_TEST_MS ? '(over) ' : ''}${t.name.slice(0, 160)}`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
