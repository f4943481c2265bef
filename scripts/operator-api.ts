/**
 * What `npm run orders` (scripts/orders.ts) and `npm run stock` (scripts/stock.ts) share: the server
 * they talk to and how they exit (1 on a refusal, 2 on bad usage), one HTTP call to its API, whose
 * refusals say what an operator should check, and the signature of the signed operators' routes
 * (checked by server/orders/fulfilment.handlers.ts; not imported from there, so the commands do not
 * load the server's modules).
 */
import { createHmac } from 'node:crypto';
import { escapeControls } from '../shared/text';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">` with FULFILMENT_SECRET. */
export function sign(secret: string, payload: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

/** Bad usage (exit 2): the message, then the command's usage. */
export class UsageError extends Error {}

/** The server a command talks to (STATEFRONT_URL) and the secret it signs with (FULFILMENT_SECRET). */
export function operatorTarget(): { base: URL; secret: string } {
  const secret = process.env.FULFILMENT_SECRET?.trim();
  if (!secret) throw new UsageError('FULFILMENT_SECRET is not set (use the same value as the server)');
  return { base: new URL(process.env.STATEFRONT_URL?.trim() || 'http://localhost:8044'), secret };
}

/** Runs a command's main: exit 2 with the usage on a UsageError, exit 1 with the message on any other. */
export function runCommand(main: (argv: string[]) => Promise<void>, usage: string): void {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exitCode = 2;
      return;
    }
    console.error(`Error: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}

/** A refusal (exit 1): the server unreachable, or its answer (below), or a command's own. */
export class Refusal extends Error {}

/** The server's refusal: its status and its message (escaped, with a hint for the operator). */
export class HttpRefusal extends Refusal {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`${status}: ${reason}`);
  }
}

/** One call; the JSON body (or the text) of a 2xx answer, a Refusal otherwise. No timeout unless given. */
export async function call(url: URL, init: RequestInit = {}, timeoutMs?: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, timeoutMs ? { ...init, signal: AbortSignal.timeout(timeoutMs) } : init);
  } catch (error) {
    throw new Refusal(
      `Cannot reach ${url.origin} (${(error as Error).cause ?? (error as Error).message}); is the server running? (STATEFRONT_URL)`,
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: shown as it is
  }
  if (!response.ok) {
    const message = escapeControls(String((body as { error?: string })?.error ?? text));
    const hint =
      response.status === 404 && url.pathname.includes('/fulfilment/') && message === 'Not found'
        ? ' (is FULFILMENT_SECRET set on the server?)'
        : response.status === 401
          ? " (is FULFILMENT_SECRET the same as the server's, and this machine's clock right?)"
          : '';
    throw new HttpRefusal(response.status, `${message}${hint}`);
  }
  return body;
}

/** A signed JSON call to an operator's route: the signature covers the exact bytes sent. */
export function signedCall(
  base: URL,
  secret: string,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  timeoutMs?: number,
): Promise<unknown> {
  const raw = JSON.stringify(body);
  return call(
    new URL(path, base),
    {
      method,
      headers: { 'content-type': 'application/json', 'x-statefront-signature': sign(secret, raw) },
      body: raw,
    },
    timeoutMs,
  );
}
