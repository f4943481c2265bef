import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../context';
import { expireUnpaidOrders } from './orders.repository';

/** How often the expiry job looks for unpaid orders: a quarter of the window, between 5 s and a minute. */
const expiryInterval = (paymentWindowMs: number) => Math.min(60_000, Math.max(5_000, paymentWindowMs / 4));

/**
 * One run of the unpaid-order expiry (docs/operations.md): cancels every order still Pending
 * `paymentWindowMs` after it was placed (actor 'timer'), in batches, and logs what it did. Safe to run in
 * every process at once (the repository's `FOR UPDATE SKIP LOCKED`).
 */
export async function runOrderExpiry(
  db: Database,
  paymentWindowMs: number,
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - paymentWindowMs);
  const expired: string[] = [];
  for (;;) {
    const batch = await expireUnpaidOrders(db, cutoff);
    expired.push(...batch);
    if (batch.length < 100) break;
  }
  if (expired.length > 0) log?.info({ orders: expired, paymentWindowMs }, 'cancelled unpaid orders');
  return expired;
}

/** Runs the expiry now and then every expiryInterval; the returned function stops it. */
export function startOrderExpiry(db: Database, paymentWindowMs: number, log: FastifyBaseLogger): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runOrderExpiry(db, paymentWindowMs, log)
      .catch((error: unknown) => log.error({ err: error }, 'order expiry failed; retrying on the next run'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, expiryInterval(paymentWindowMs));
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
