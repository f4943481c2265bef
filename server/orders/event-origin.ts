/**
 * Who sent a signed courier or return event, and when: read the same way by the order events
 * (server/orders/fulfilment.handlers.ts) and the return events (server/returns/returns.handlers.ts).
 */
import { badRequest } from '../errors';

const EARLIEST_EVENT_MS = Date.UTC(2000, 0, 1);
const EVENT_FUTURE_SLACK_MS = 24 * 60 * 60_000;

/**
 * A signed event's `at`: a courier's clock may be off, but not by years: a time PostgreSQL cannot store
 * (year 0) or no shipment can have is the sender's mistake, not a 500 or an order shipped in 2999.
 */
function eventTime(raw: string): Date {
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw badRequest('at must be an ISO date-time', 'at');
  if (at.getTime() < EARLIEST_EVENT_MS || at.getTime() > Date.now() + EVENT_FUTURE_SLACK_MS)
    throw badRequest('at must be a time between 2000-01-01 and a day from now', 'at');
  return at;
}

/** Who sent a signed event, and when, as the repositories record it (`actor` when the body names none). */
export function eventOrigin<A extends string>(body: { id: string; at: string; actor?: A }, actor: A) {
  return { externalId: body.id, at: eventTime(body.at), actor: body.actor ?? actor };
}
