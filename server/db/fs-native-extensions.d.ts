/** The part of fs-native-extensions (it ships no types) that server/db/lock.ts uses. */
declare module 'fs-native-extensions' {
  /** An exclusive (or, with `shared`, a shared) lock on `fd`: true when granted, false when another holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
