/** What the PayU tests share: the test merchant, the shop's PayU config and PayU's signed callback. */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../server/context';
import { paymentsConfigFrom } from '../../server/infra/config';
import { type PayuResponseParams, payuResponseHash } from '../../server/payments/payu';
import { API } from './helpers';

/** PayU's public test merchant (docs.payu.in), which the shop is configured with in these tests. */
export const PAYU_KEY = 'gtKFFx';
export const PAYU_SALT = 'eCwWELxi';

/** A shop at `publicUrl` whose active gateway is PayU in test mode. */
export function payuConfig(publicUrl: string): Partial<ServerConfig> {
  return {
    publicUrl,
    payments: paymentsConfigFrom({
      PAYU_KEY,
      PAYU_SALT,
      PAYU_MODE: 'test',
      SANDBOX_SECRET: 's',
    }),
  };
}

/** The fields of a payment that PayU's hashes cover (besides the status and the salt). */
const HASHED = ['key', 'txnid', 'amount', 'productinfo', 'firstname', 'email'];

/** `names` of `from`, each '' where `from` has none. */
const pick = (from: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, from[name] ?? '']));

/**
 * `body` signed as PayU signs what it posts back: the reverse hash over the fields it names, so a
 * test that changes a field afterwards posts a forged callback.
 */
export function withPayuHash(body: Record<string, string>, salt = PAYU_SALT): Record<string, string> {
  const hashed = pick(body, [...HASHED, 'status']) as unknown as PayuResponseParams;
  return { ...body, hash: payuResponseHash(hashed, salt) };
}

/**
 * What PayU posts back, signed, for a payment the shop started with the form fields `data`: a card
 * success unless `overrides` say otherwise (applied before signing).
 */
export function payuCallbackFor(
  data: Record<string, string>,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const fields = pick(data, [...HASHED, 'phone']);
  return withPayuHash({
    mihpayid: '403993715521937',
    mode: 'CC',
    status: 'success',
    ...fields,
    ...overrides,
  });
}

/** Posts PayU's callback as PayU does, from its own site: a plain form, no Authorization header, no cookie. */
export function postPayuCallback(app: FastifyInstance, body: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `${API}/payments/payu/callback`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });
}
