import type { FastifyBaseLogger } from 'fastify';

/** Jobs waiting beyond this are dropped (and logged): a flood of requests cannot grow memory. */
const MAIL_QUEUE_LIMIT = 1000;

/**
 * Work done after the answer has gone: a request that mails (password reset, newsletter sign-up) enqueues the job and
 * answers at once, so neither its time nor its answer depends on whether an account exists or how
 * slow SMTP is. One job at a time, in this process, in order; a failing job is logged and the next
 * one runs. Jobs still waiting when the process stops are lost (a reset can be asked for again).
 */
export class MailQueue {
  readonly #jobs: Array<() => Promise<void>> = [];
  #running: Promise<void> | null = null;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private readonly limit = MAIL_QUEUE_LIMIT,
  ) {}

  /** Runs `job` after everything queued before it; never throws into the caller. */
  push(job: () => Promise<void>): void {
    if (this.#jobs.length >= this.limit) {
      this.log.warn({ waiting: this.#jobs.length }, 'mail queue full: job dropped');
      return;
    }
    this.#jobs.push(job);
    this.#running ??= this.#drain();
  }

  /** Resolves when every job queued so far has run (tests, and the server's shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    // Start on a later turn, after the request that queued the job has been answered.
    await new Promise((resolve) => setImmediate(resolve));
    for (let job = this.#jobs.shift(); job; job = this.#jobs.shift()) {
      try {
        await job();
      } catch (error) {
        this.log.error({ err: error }, 'mail job failed');
      }
    }
    this.#running = null;
  }
}

/**
 * The app context's queue (server/app.ts makes one per app; server/context.ts `mailQueue`), made here
 * for a hand-made context.
 */
export function mailQueueOf(ctx: {
  mailQueue?: MailQueue;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}): MailQueue {
  ctx.mailQueue ??= new MailQueue(ctx.log);
  return ctx.mailQueue;
}
