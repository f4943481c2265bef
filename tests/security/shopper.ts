/** A shopper of a real server process: registers, signs in and calls the API over HTTP. */
import { newAccount } from './client';

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

/** A fresh account on the shop at `baseUrl` (client.ts's newAccount) that calls the API with its token. */
export async function shopperOf(baseUrl: string): Promise<Shopper> {
  const { token } = await newAccount(baseUrl);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${token}`,
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
  return { token, call };
}
