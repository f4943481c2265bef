/** A shopper of a real server process: registers, signs in and calls the API over HTTP. */
import { randomBytes } from 'node:crypto';

export { DEFAULT_SHIPPING as SHIPPING } from '../server/fixtures';

/** A status and the parsed JSON body (or the text, under `text`, when it is not JSON). */
interface Answer {
  status: number;
  json: Record<string, unknown>;
}

export interface Shopper {
  token: string;
  /** A JSON call to `/api/v1<path>` with the shopper's token. */
  call: (method: string, path: string, body?: unknown) => Promise<Answer>;
}

export async function shopperOf(baseUrl: string): Promise<Shopper> {
  const email = `shopper-${randomBytes(5).toString('hex')}@example.in`;
  const password = 'saree-sunday-42';
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { text };
    }
    return { status: response.status, json } satisfies Answer;
  };
  const registered = await call('POST', '/users/register', {
    email,
    password,
    firstName: 'Asha',
    lastName: 'Verma',
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
  const login = await call('POST', '/users/authorize', { email, password });
  if (login.status !== 200) throw new Error(`authorize: ${login.status} ${JSON.stringify(login.json)}`);
  const token = String(login.json.token);
  return { token, call: (method, path, body) => call(method, path, body, token) };
}
