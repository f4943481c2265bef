/** What the PayU tests share: the test merchant, the shop's PayU config and PayU's signed callback. */
import type { FastifyInstance } from 'fastify';
import { paymentsConfigFrom } from '../../server/config';
import type { ServerConfig } from '../../server/context';
import { payuResponseHash } from '../../server/payments/payu';
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

/**
 * `body` signed as PayU signs what it posts back: the reverse hash over the fields it names, so a
 * test that changes a field afterwards posts a forged callback.
 */
export function withPayuHash(body: Record<string, string>, salt = PAYU_SALT): Record<string, string> {
  const hash = payuResponseHash(
    {
      key: body.key ?? '',
      txnid: body.txnid ?? '',
      amount: body.amount ?? '',
      productinfo: body.productinfo ?? '',
      firstname: body.firstname ?? '',
      email: body.email ?? '',
      status: body.status ?? '',
    },
    salt,
  );
  return { ...body, hash };
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
