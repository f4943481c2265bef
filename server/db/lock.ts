import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

export const LOCK_FILE = 'statefront.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Statefront process${pid > 0 ? ` (pid ${pid})` : ''} is using DATA_DIR ${dataDir}; stop it or set DATA_DIR to another folder`,
    );
  }
}

/** The pid the lock's holder wrote into the file (informational: its own namespace's pid), or null. */
export function readLockHolder(path: string): { pid: number } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.split('\n')[0]?.trim());
  return Number.isInteger(pid) && pid > 0 ? { pid } : null;
}

/**
 * PGlite is single-process: two servers on one folder would corrupt it, and each would lose the
 * other's writes. The lock is the kernel's: an exclusive lock on `statefront.lock` (Linux: an
 * open-file-description lock, `fcntl(F_OFD_SETLK)`; macOS: `flock`; Windows: `LockFileEx`) taken
 * through fs-native-extensions and held by an open descriptor for the process's lifetime. The
 * kernel drops it when the holder exits, however it exits (kill -9, OOM), and it holds across PID
 * namespaces (two containers on one volume), where a pid in a file says nothing: each server there
 * is pid 1. Why not a pid file: docs/decisions/0001-data-folder-lock.md.
 *
 * The file is never removed (a process that opened it just before the removal would lock the old
 * file while a third locks a new one); its text, the holder's pid, only names the holder in the error.
 * Returns the release function (idempotent).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(join(dataDir, LOCK_FILE));
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
  let granted: boolean;
  try {
    granted = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!granted) {
    closeSync(fd);
    throw new DataDirLockedError(dataDir, readLockHolder(path)?.pid ?? 0);
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${process.pid}\n`, 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      ftruncateSync(fd, 0);
      unlock(fd);
    } finally {
      closeSync(fd);
    }
  };
}
