/**
 * Asking gateways for refunds (docs/operations.md). A refund row is written with the change that makes it
 * owed (server/payments/refunds.repository.ts); this module asks the attempt's own gateway and records the answer. A
 * shopper's cancellation asks at once, within the request; everything else — an operator's cancellation of a
 * paid order, a payment that arrived after its order expired, a request that failed or whose process died —
 * is taken by the refund sweep, which every process runs (SKIP LOCKED leases) every REFUND_SWEEP_MS, retrying
 * a failure with backoff (1, 2, 4, 8, 16 minutes) up to REFUND_MAX_ATTEMPTS tries; then the refund stays
 * 'failed' and the log says to refund it by hand. Gateways treat a repeated refund id as the same refund, so
 * a retry never pays twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { PaymentGateway, RefundOutcome } from './provider';
import {
  claimDueRefunds,
  REFUND_LEASE_MS,
  REFUND_MAX_ATTEMPTS,
  type RefundRow,
  refundableAttempt,
  settleRefund,
} from './refunds.repository';
import { gatewayNamed } from './registry';

const REFUND_SWEEP_MS = 30_000;

/** The wait before try `attempts + 1`: a minute, doubling. */
const refundRetryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** Asks the gateway for one refund row (its try already counted) and records what it said. */
export async function requestRefund(
  ctx: Pick<AppContext, 'db' | 'config' | 'store' | 'log'>,
  gateways: readonly PaymentGateway[],
  refund: RefundRow,
  log: Log,
): Promise<RefundOutcome> {
  const attempt = await refundableAttempt(ctx.db, refund.attemptId);
  let outcome: RefundOutcome;
  try {
    if (!attempt) throw new Error(`payment attempt ${refund.attemptId} no longer exists`);
    const provider = gatewayNamed(attempt.provider, gateways).create(ctx as AppContext);
    outcome = await provider.refund(attempt, refund.amountPaise, refund.id);
  } catch (error) {
    outcome = { status: 'failed', error: (error as Error).message };
  }
  const triesLeft = refund.attempts < REFUND_MAX_ATTEMPTS;
  const retryAt =
    outcome.status === 'failed' && triesLeft
      ? new Date(Date.now() + refundRetryDelayMs(refund.attempts))
      : null;
  await settleRefund(ctx.db, refund.id, outcome, retryAt);
  const fields = {
    refundId: refund.id,
    orderId: refund.orderId,
    provider: refund.provider,
    tries: refund.attempts,
  };
  if (outcome.status !== 'failed') log.info({ ...fields, status: outcome.status }, 'refund requested');
  else if (retryAt)
    log.error({ ...fields, reason: outcome.error, retryAt }, 'refund failed; the sweep tries again');
  else log.error({ ...fields, reason: outcome.error }, 'refund failed for good: refund this payment by hand');
  return outcome;
}

/** One sweep: asks about every due refund. Returns how many were asked about. */
export async function runRefundSweep(
  ctx: Pick<AppContext, 'db' | 'config' | 'store' | 'log'>,
  gateways: readonly PaymentGateway[],
  log: Log,
): Promise<number> {
  let asked = 0;
  for (;;) {
    const due = await claimDueRefunds(ctx.db, REFUND_LEASE_MS);
    for (const refund of due) await requestRefund(ctx, gateways, refund, log);
    asked += due.length;
    if (due.length === 0) return asked;
  }
}

/** Runs `sweep` now and every REFUND_SWEEP_MS; the returned function stops it. */
export function startRefundSweep(sweep: () => Promise<number>, log: FastifyBaseLogger): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sweep()
      .catch((error: unknown) => log.error({ err: error }, 'refund sweep failed; retrying on the next run'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, REFUND_SWEEP_MS);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
