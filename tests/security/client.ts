import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { DEFAULT_SHIPPING as SHIPPING } from '../server/fixtures';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Milliseconds from sending to the whole answer. */
  ms: number;
  json: <T = Record<string, unknown>>() => T;
}

/**
 * One HTTP request to a real server process, with any headers an attacker would send (fetch refuses
 * to set Host; node:http does not).
 */
export function send(
  base: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = httpRequest(
      url,
      {
        method,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            ms: performance.now() - started,
            json: <T>() => JSON.parse(text) as T,
          }),
        );
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

export interface Account {
  email: string;
  password: string;
  token: string;
}

/** Registers a fresh account on the shop at `base` and signs it in. */
export async function newAccount(base: string): Promise<Account> {
  const email = `target-${randomBytes(5).toString('hex')}@example.in`;
  const password = 'saree-sunday-42';
  const registered = await send(base, 'POST', '/api/v1/users/register', {
    body: { email, password, firstName: 'Asha', lastName: 'Verma' },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body}`);
  const signedIn = await send(base, 'POST', '/api/v1/users/authorize', { body: { email, password } });
  if (signedIn.status !== 200) throw new Error(`authorize: ${signedIn.status} ${signedIn.body}`);
  return { email, password, token: signedIn.json<{ token: string }>().token };
}

/** Places an order of the first product for `account`; its id. */
export async function newOrder(base: string, account: Account): Promise<string> {
  const page = await send(base, 'GET', '/api/v1/products?limit=1');
  const first = page.json<{ data: { id: string }[] }>().data[0];
  if (!first) throw new Error('the shop has no products');
  const placed = await send(base, 'POST', '/api/v1/orders', {
    headers: { authorization: `Bearer ${account.token}` },
    body: { products: { [first.id]: 1 }, shippingAddress: SHIPPING },
  });
  if (placed.status !== 201) throw new Error(`createOrder: ${placed.status} ${placed.body}`);
  return placed.json<{ id: string }>().id;
}

/** How many of `answers` had each status, e.g. { 401: 10, 429: 50 }. */
export function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}
