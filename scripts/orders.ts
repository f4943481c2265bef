/**
 * `npm run orders -- <list|ship|deliver|cancel|return> …`: an operator's client of the signed fulfilment
 * API (POST /api/v1/fulfilment/events, GET /api/v1/fulfilment/orders, POST /api/v1/fulfilment/returns/events). It talks HTTP to a running server, so
 * it works while that server holds its PGlite folder. Reads STATEFRONT_URL (default
 * http://localhost:8044) and FULFILMENT_SECRET (the server's). Exits 1 on any refusal, 2 on bad usage.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { components } from '../contract/schema';
import { RETURN_STATUS_LABEL } from '../shared/return-lifecycle';
import { escapeControls } from '../shared/text';
import { call, operatorTarget, runCommand, sign, signedCall, UsageError } from './operator-api';

const USAGE = `Usage:
  npm run orders -- list [--status pending|processing|shipped|delivered|cancelled|0-4] [--limit N]
                        [--oldest] [--after <order>]
  npm run orders -- ship <order> --carrier <name> --tracking <number> [--url <tracking page>] [--note <text>]
  npm run orders -- deliver <order> [--note <text>]
  npm run orders -- cancel <order> [--note <text>]
  npm run orders -- return <return> <pickup|picked-up|received|refunded|exchanged|reject> [--note <text>]

list shows the newest first; --oldest the oldest first (the order paid orders ship in); a full page
ends with the command for the next one (--after <its last order>).
Environment: STATEFRONT_URL (default http://localhost:8044), FULFILMENT_SECRET (required, the server's).
A return moves requested → pickup → picked-up → received → refunded (cash on delivery, once paid to the
shopper's account; one paid online is refunded by the server when received) or exchanged; reject (with
--note saying why) before pickup or after the check (docs/returns.md).
Each ship/deliver/cancel/return sends a new event id; --id <event id> resends one (the server answers it once).`;

const STATUS_NAMES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'];

function statusCode(raw: string): number {
  const index = STATUS_NAMES.findIndex((name) => name.toLowerCase() === raw.trim().toLowerCase());
  const value = index >= 0 ? index : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 4) throw new UsageError(`Unknown status "${raw}"`);
  return value;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      limit: { type: 'string' },
      oldest: { type: 'boolean' },
      after: { type: 'string' },
      carrier: { type: 'string' },
      tracking: { type: 'string' },
      url: { type: 'string' },
      note: { type: 'string' },
      id: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, orderArg, ...others] = positionals;
  // `return` takes the return and the step; every other command one order.
  const rest = command === 'return' ? others.slice(1) : others;
  if (values.help || !command) {
    console.log(USAGE);
    if (!command && !values.help) process.exitCode = 2;
    return;
  }
  if (rest.length > 0) throw new UsageError(`Unexpected argument(s): ${rest.join(' ')}`);
  const { base, secret } = operatorTarget();

  if (command === 'list') {
    if (orderArg) throw new UsageError(`list takes no order (got "${orderArg}")`);
    const url = new URL('/api/v1/fulfilment/orders', base);
    if (values.status !== undefined) url.searchParams.set('status', String(statusCode(values.status)));
    if (values.limit !== undefined) url.searchParams.set('limit', values.limit);
    if (values.oldest) url.searchParams.set('oldest', 'true');
    if (values.after !== undefined) url.searchParams.set('after', values.after);
    const pathAndQuery = `${url.pathname}${url.search}`;
    const body = (await call(url, { headers: { 'x-statefront-signature': sign(secret, pathAndQuery) } })) as {
      items: components['schemas']['FulfilmentOrder'][];
      next: string | null;
    };
    if (body.items.length === 0) {
      console.log('No orders.');
      return;
    }
    for (const o of body.items) {
      const tracking = o.trackingNumber ? `  ${o.carrier ?? ''} ${o.trackingNumber}`.trimEnd() : '';
      // Cash on delivery: what the courier collects.
      const cod =
        o.payment?.method === 'cod' && o.payment.status === 'due'
          ? `  COD: collect ₹${o.payment.due.toLocaleString('en-IN')}`
          : '';
      // What shoppers typed, escaped: a control character cannot move the cursor or rewrite a line.
      console.log(
        escapeControls(
          `${o.id}  ${STATUS_NAMES[o.status] ?? o.status}  ₹${o.total.toLocaleString('en-IN')}${cod}  ${o.createdAt}  ${o.email}${tracking}`,
        ),
      );
      console.log(`    ${escapeControls(o.shippingAddress)}`);
    }
    if (body.next) {
      const again = argv.filter(
        (arg, i) => arg !== '--after' && argv[i - 1] !== '--after' && !arg.startsWith('--after='),
      );
      console.log(`More: npm run orders -- ${[...again, '--after', escapeControls(body.next)].join(' ')}`);
    }
    return;
  }

  if (command === 'return') {
    await moveReturn(base, secret, orderArg, positionals[2], values);
    return;
  }

  const type = { ship: 'shipped', deliver: 'delivered', cancel: 'cancelled' }[command];
  if (!type) throw new UsageError(`Unknown command "${command}"`);
  if (!orderArg) throw new UsageError(`${command} needs an order number, e.g. SF-7K2M9Q4XH3TB8N6C`);
  if (type === 'shipped' && (!values.carrier || !values.tracking))
    throw new UsageError('ship needs --carrier and --tracking');
  const event = {
    id: values.id ?? `op_${randomUUID()}`,
    type,
    orderId: orderArg,
    at: new Date().toISOString(),
    actor: 'operator',
    ...(values.carrier ? { carrier: values.carrier } : {}),
    ...(values.tracking ? { trackingNumber: values.tracking } : {}),
    ...(values.url ? { trackingUrl: values.url } : {}),
    ...(values.note ? { note: values.note } : {}),
  };
  const result = (await signedCall(base, secret, 'POST', '/api/v1/fulfilment/events', event)) as {
    outcome: string;
    status: number;
    replay: boolean;
    note: string | null;
  };
  const status = STATUS_NAMES[result.status] ?? result.status;
  if (result.outcome === 'ignored') {
    console.log(
      escapeControls(`${orderArg}: nothing changed, it is already ${status}. ${result.note ?? ''}`.trim()),
    );
    return;
  }
  console.log(
    `${orderArg} is now ${status}${result.replay ? ' (event already received)' : ''} [event ${event.id}]`,
  );
}

const RETURN_STEPS: Record<string, components['schemas']['ReturnEvent']['type']> = {
  pickup: 'pickupScheduled',
  'picked-up': 'pickedUp',
  received: 'received',
  refunded: 'refunded',
  exchanged: 'exchanged',
  reject: 'rejected',
};

/** `return <return> <step>`: one signed move of a return (POST /fulfilment/returns/events). */
async function moveReturn(
  base: URL,
  secret: string,
  returnId: string | undefined,
  step: string | undefined,
  values: { note?: string | undefined; id?: string | undefined },
): Promise<void> {
  if (!returnId) throw new UsageError('return needs a return number, e.g. RT-4Q8M2K7XH3TB');
  const type = step ? RETURN_STEPS[step] : undefined;
  if (!type) throw new UsageError(`return needs a step: ${Object.keys(RETURN_STEPS).join(', ')}`);
  if (type === 'rejected' && !values.note) throw new UsageError('reject needs --note saying why');
  const event = {
    id: values.id ?? `op_${randomUUID()}`,
    type,
    returnId,
    at: new Date().toISOString(),
    actor: 'operator',
    ...(values.note ? { note: values.note } : {}),
  };
  const result = (await signedCall(
    base,
    secret,
    'POST',
    '/api/v1/fulfilment/returns/events',
    event,
  )) as components['schemas']['ReturnEventResult'];
  console.log(
    `${escapeControls(returnId)} is now ${RETURN_STATUS_LABEL[result.status].toLowerCase()}${result.replay ? ' (event already received)' : ''} [event ${event.id}]`,
  );
}

runCommand(main, USAGE);
