import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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

function isAlive(pid: number): boolean {
  try {
    // Signal 0 checks existence without signalling; EPERM means it exists but belongs to someone else.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite is single-process: two servers on one folder would corrupt it. The lock file holds the
 * owner's pid; a lock left by a process that no longer exists is taken over.
 * Returns the release function (idempotent; only removes the file while it is still ours).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx' fails if the file exists, so creation itself is the atomic test-and-set.
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readPid(path) === process.pid) {
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
    const holder = readPid(path);
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    // Stale (dead pid) or unreadable (a crash mid-write): remove it and try again.
    try {
      unlinkSync(path);
    } catch {
      // Someone else removed it first; the next attempt decides.
    }
  }
  const holder = readPid(path);
  throw new DataDirLockedError(dataDir, holder ?? 0);
}
