/** A shopper's HTTP calls against a running server, as the SPA and the sandbox page make them. */
import { sign } from '../../scripts/operator-api';
import { FAULTS_FULFILMENT_SECRET } from './procs';

const API = '/api/v1';
const TIMEOUT_MS = 15_000;

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** One request; a connection failure (a killed server) is status 0 rather than a throw. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string>; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  try {
    const response = await fetch(`${base}${path.startsWith('/api') ? '' : API}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  } catch {
    return { status: 0, body: null, text: '', headers: new Headers() };
  }
}

/** The shipping address every scenario's and bench's order uses. */
export const SHIPPING = {
  fullName: 'Asha Verma',
  address: '14 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '98765 43210',
};

export async function signUp(base: string, tag: string): Promise<string> {
  const email = `faults-${tag}-${Date.now().toString(36)}@example.in`;
  const password = 'saree-sunday-42';
  const registered = await call(base, 'POST', '/users/register', {
    json: { email, password, firstName: 'Asha', lastName: 'Verma' },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  const login = await call(base, 'POST', '/users/authorize', { json: { email, password } });
  if (login.status !== 200) throw new Error(`authorize: ${login.status} ${login.text}`);
  return (login.body as { token: string }).token;
}

/**
 * One of the first product and two of the second: two order lines, three items. Every size and colour
 * of both is stocked up first (more units than any run orders: docs/stock.md), through the signed
 * operators' API of servers started by procs.ts, so scenarios and benches measure checkouts, not
 * sold-out answers (those are `npm run bench:flash`'s).
 */
export async function basket(base: string): Promise<Record<string, number>> {
  const page = await call(base, 'GET', '/products?limit=2');
  const [first, second] = (page.body as { data: { id: string }[] }).data;
  if (!first || !second) throw new Error(`the catalogue needs two products: ${page.text}`);
  await stockUp(base, [first.id, second.id]);
  return { [first.id]: 1, [second.id]: 2 };
}

async function stockUp(base: string, productIds: readonly string[]): Promise<void> {
  const stock = await call(base, 'GET', `/stock?products=${productIds.join(',')}`);
  const items = (stock.body as { items?: { productId: string; size: string | null; color: string | null }[] })
    .items;
  if (!items) throw new Error(`GET /stock: ${stock.status} ${stock.text}`);
  if (items.length === 0) return;
  const raw = JSON.stringify({
    items: items.map(({ productId, size, color }) => ({ productId, size, color, units: 1_000_000 })),
  });
  const answer = await fetch(`${base}${API}/fulfilment/stock`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'x-statefront-signature': sign(FAULTS_FULFILMENT_SECRET, raw),
    },
    body: raw,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (answer.status !== 200)
    throw new Error(`stocking the basket up: ${answer.status} ${await answer.text()}`);
}

export async function createOrder(base: string, token: string, products: Record<string, number>) {
  const answer = await call(base, 'POST', '/orders', {
    token,
    json: { products, shippingAddress: SHIPPING },
  });
  return answer;
}

/** Starts a sandbox card payment and returns the attempt id of its gateway page. */
export async function startPayment(base: string, token: string, orderId: string) {
  const answer = await call(base, 'POST', '/payments', {
    token,
    json: {
      orderId,
      fields: { payerName: 'Asha Verma', email: 'asha@example.in', phone: '+919876543210', method: 'card' },
    },
  });
  const body = answer.body as { action?: { formParams?: { url?: string } }; redirectUrl?: string } | null;
  const url = body?.action?.formParams?.url ?? body?.redirectUrl ?? '';
  const attemptId = decodeURIComponent(url.split('/payments/sandbox/')[1] ?? '');
  return { answer, attemptId };
}

/** Reads the signed "Pay" form off the sandbox gateway page, as the shopper's browser would submit it. */
export async function successSignature(base: string, attemptId: string): Promise<string | null> {
  const page = await call(base, 'GET', `/payments/sandbox/${encodeURIComponent(attemptId)}`);
  const match =
    /name="outcome" value="success">\s*<input type="hidden" name="signature" value="([0-9a-f]+)"/.exec(
      page.text,
    );
  return match?.[1] ?? null;
}

export function confirm(base: string, attemptId: string, signature: string) {
  return call(base, 'POST', `/payments/sandbox/${encodeURIComponent(attemptId)}/complete`, {
    form: { outcome: 'success', signature },
  });
}

/** A 5xx other than a clean 503 `{ error }`, or an error answer that is not JSON `{ error }`. */
export function unclean(answer: Answer): boolean {
  if (answer.status === 0) return false;
  if (answer.status < 400) return false;
  const body = answer.body as { error?: unknown } | null;
  const jsonError = typeof body?.error === 'string';
  if (!jsonError) return true;
  return answer.status >= 500 && answer.status !== 503;
}
