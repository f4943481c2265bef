/**
 * Long catalogue builds run in slices with the event loop let in between: at a million products the
 * search index is tens of seconds of parsing and sorting, and requests keep being answered from the
 * snapshot being served meanwhile (a build that blocked would stall every request for that long).
 */
import { setImmediate } from 'node:timers/promises';

/** How long one slice runs before requests are let in (their wait is at most about this). */
const SLICE_MS = 20;

/** Thrown by `pause` once the build is no longer wanted (the read model is closing). */
export class BuildStopped extends Error {
  constructor() {
    super('catalogue build stopped');
  }
}

/**
 * Call `due()` often (it is cheap) and `await pause()` when it says so; `stopped` ends the build at its
 * next pause.
 */
export class Slices {
  #since = performance.now();

  constructor(private readonly stopped: () => boolean = () => false) {}

  /** Whether this slice has run its time. */
  due(): boolean {
    return performance.now() - this.#since >= SLICE_MS;
  }

  /** Lets pending I/O and timers run, then starts the next slice. */
  async pause(): Promise<void> {
    await setImmediate();
    if (this.stopped()) throw new BuildStopped();
    this.#since = performance.now();
  }
}
