import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'statefront.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Statefront process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or set DATA_DIR to another folder`,
    );
  }
}

/**
 * What a lock file says about its holder. The first line is the pid (all an older lock holds); then
 * `start <ticks>`, the holder's start time in clock ticks after boot (/proc/<pid>/stat field 22), and
 * `boot <id>`, the kernel's boot id. Together they name one process, not just a pid that the kernel
 * may since have given to another (a container's server gets the same pid on every start).
 */
export interface LockHolder {
  pid: number;
  start: string | null;
  boot: string | null;
}

/** Lock files this process holds (absolute paths): a lock naming our pid and not listed here is stale. */
const held = new Set<string>();

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The kernel's boot id (Linux), or null where there is none. */
export function bootId(): string | null {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() || null;
}

/** When `pid` started, in clock ticks after boot (Linux /proc), or null where that cannot be read. */
export function processStart(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so count fields after the last ')'.
  // starttime is field 22; the text after ')' starts at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = fields[22 - 3];
  return start && /^\d+$/.test(start) ? start : null;
}

/** Boot time in ms since the epoch (Linux /proc/stat `btime`), or null. */
function bootTimeMs(): number | null {
  const match = /^btime (\d+)$/m.exec(readProc('/proc/stat') ?? '');
  return match ? Number(match[1]) * 1000 : null;
}

/** Clock ticks per second that /proc reports times in (USER_HZ: 100 on every Linux architecture Node runs on). */
const USER_HZ = 100;

function isAlive(pid: number): boolean {
  try {
    // Signal 0 checks existence without signalling; EPERM means it exists but belongs to someone else.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names, or null when the file is missing or unreadable. */
export function readLockHolder(path: string): LockHolder | null {
  const text = readProc(path);
  if (text === null) return null;
  const [first = '', ...rest] = text.split('\n');
  const pid = Number(first.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const field = (name: string) =>
    rest
      .find((line) => line.startsWith(`${name} `))
      ?.slice(name.length + 1)
      .trim() || null;
  return { pid, start: field('start'), boot: field('boot') };
}

/** The lock file's text for this process. */
function ownLock(): string {
  return `${process.pid}\nstart ${processStart(process.pid) ?? '-'}\nboot ${bootId() ?? '-'}\n`;
}

/**
 * Whether the process a lock names is still the one that wrote it. A dead pid is not. Our own pid is
 * only when this process took the lock (a container restarts its server with the same pid). Another
 * live pid is not when the machine has rebooted since (boot id), when that pid's process started at
 * another time than the holder did, or (a lock with the pid only) started after the lock was written.
 * Where /proc cannot tell (not Linux), a live pid holds the lock, as it always did.
 */
function holderIsLive(path: string, holder: LockHolder): boolean {
  if (holder.pid === process.pid) return held.has(path);
  if (!isAlive(holder.pid)) return false;
  const boot = bootId();
  if (holder.boot && holder.boot !== '-' && boot && holder.boot !== boot) return false;
  const start = processStart(holder.pid);
  if (start === null) return true;
  if (holder.start && holder.start !== '-') return start === holder.start;
  // A lock from before start times were recorded: a process that began after the file was last written
  // cannot have written it (2 s for btime's whole seconds and the tick rounding).
  const bootMs = bootTimeMs();
  let writtenMs: number;
  try {
    writtenMs = statSync(path).mtimeMs;
  } catch {
    return true;
  }
  return bootMs === null || bootMs + (Number(start) * 1000) / USER_HZ <= writtenMs + 2000;
}

/**
 * PGlite is single-process: two servers on one folder would corrupt it. The lock file names its owner
 * (pid, start time, boot id: see LockHolder); a lock whose owner is gone is taken over, even when its
 * pid now belongs to another process or to this one.
 * Returns the release function (idempotent; only removes the file while it is still ours).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(join(dataDir, LOCK_FILE));
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder = readLockHolder(path);
    if (holder !== null && holderIsLive(path, holder)) throw new DataDirLockedError(dataDir, holder.pid);
    if (holder !== null || attempt > 0) {
      // Stale (its owner is gone) or unreadable (a crash mid-write): remove it and try again.
      try {
        unlinkSync(path);
      } catch {
        // Someone else removed it first (or it never existed); the create below decides.
      }
    }
    try {
      // 'wx' fails if the file exists, so creation itself is the atomic test-and-set.
      const fd = openSync(path, 'wx');
      writeSync(fd, ownLock());
      closeSync(fd);
      held.add(path);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(path);
        if (readLockHolder(path)?.pid === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new DataDirLockedError(dataDir, readLockHolder(path)?.pid ?? 0);
}
