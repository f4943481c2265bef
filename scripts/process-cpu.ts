/**
 * CPU time (user + system) of a process, or of it and every process under it, read from /proc: what
 * the benches divide by answers (scripts/bench.ts) and by paid orders (scripts/bench-checkout.ts). A cluster's workers are the
 * primary's children, so `WORKERS=2` is counted whole; PGlite runs inside the server process and is
 * counted with it, a PostgreSQL server is not (its processes are not the server's).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

type Stat = { pid: number; ppid: number; ticks: number };

/** Fields of /proc/<pid>/stat after the command (which may hold spaces and parentheses). */
function statOf(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone since the folder was listed
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the command: state(3) ppid(4) … utime(14) stime(15), numbered from 1 in proc(5).
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { pid, ppid, ticks };
}

/** Milliseconds of CPU the process has used so far (its own threads; NaN once it is gone). */
export function processCpuMs(pid: number): number {
  const stat = statOf(pid);
  return stat ? (stat.ticks * 1000) / TICKS_PER_SECOND : Number.NaN;
}

/** Milliseconds of CPU the process `root` and its descendants have used so far (Linux only). */
export function processTreeCpuMs(root: number): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => statOf(Number(name)))
    .filter((stat): stat is Stat => stat !== null);
  const children = new Map<number, Stat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  let ticks = 0;
  const pending = stats.filter((stat) => stat.pid === root);
  while (pending.length > 0) {
    const stat = pending.pop() as Stat;
    ticks += stat.ticks;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
