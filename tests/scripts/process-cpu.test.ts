import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { processCpuMs, processTreeCpuMs } from '../../scripts/process-cpu';

// A parent that only waits, over a child that spins: the tree's CPU is the child's, the parent's own
// stays near nothing. Measured as a cluster's primary and its workers are (scripts/bench-checkout.ts).
const PARENT = `
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  process.stdout.write('spinning\\n');
  process.on('SIGTERM', () => { child.kill('SIGKILL'); process.exit(0); });
  setInterval(() => {}, 1000);
`;

describe('processTreeCpuMs', () => {
  it("counts a process's children with it, and processCpuMs the process alone", async () => {
    const parent = spawn(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(parent.stdout, 'data');
      const pid = parent.pid ?? 0;
      const before = processTreeCpuMs(pid);
      // Spin until the child has used a clear amount of CPU (no fixed sleep: a busy machine is slower).
      while (processTreeCpuMs(pid) - before < 200) await new Promise((r) => setTimeout(r, 50));
      expect(processTreeCpuMs(pid) - processCpuMs(pid)).toBeGreaterThanOrEqual(200);
      expect(processCpuMs(pid)).toBeLessThan(processTreeCpuMs(pid));
    } finally {
      parent.kill('SIGTERM');
      await once(parent, 'exit');
    }
    expect(processCpuMs(parent.pid ?? 0)).toBeNaN();
  }, 30_000);
});
