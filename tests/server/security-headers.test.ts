import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  formatCsp,
  spaContentSecurityPolicy,
} from '../../server/http/security-headers';
import { PAYU_PAYMENT_URLS, payuGateway } from '../../server/payments/payu';
import { GATEWAYS } from '../../server/payments/registry';
import { sandboxGateway } from '../../server/payments/sandbox';
import { corsOriginsFor } from '../../server/plugins/security-headers';
import { createTestApp, testConfig } from './helpers';

const directives = (policy: string) => policy.split('; ').map((part) => part.split(' ')[0]);

describe("the app's policy names only the gateways it takes payments through", () => {
  it('leaves PayU out while the sandbox is the gateway and names it when PayU is configured', async () => {
    const payuOrigins = Object.values(PAYU_PAYMENT_URLS).map((url) => new URL(url).origin);
    const policyOf = async (overrides: Parameters<typeof createTestApp>[0]) => {
      const t = await createTestApp(overrides);
      try {
        return (await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).headers[
          'content-security-policy'
        ] as string;
      } finally {
        await t.close();
      }
    };
    const sandbox = await policyOf({});
    const base = testConfig();
    const payu = await policyOf({
      payments: { ...base.payments, provider: 'payu', payu: { key: 'k', salt: 's', mode: 'test' } },
    });
    for (const origin of payuOrigins) {
      expect(sandbox).not.toContain(origin);
      expect(payu).toContain(origin);
    }
  }, 120_000);
});

describe('corsOriginsFor', () => {
  it('admits loopback origins only when asked to, then PUBLIC_URL and CORS_ORIGINS', () => {
    expect(corsOriginsFor('https://shop.example.in/', ['https://admin.example.in'], false)).toEqual([
      'https://shop.example.in',
      'https://admin.example.in',
    ]);
    expect(corsOriginsFor(null, [], true)).toHaveLength(2);
  });
});

describe('contentSecurityPolicy', () => {
  it('is the same list with and without additions, only the added sources differ', () => {
    const docs = contentSecurityPolicy();
    const spa = spaContentSecurityPolicy('https://shop.example.in', GATEWAYS);
    expect(directives(spa)).toEqual(directives(docs));
    const strip = (policy: string) =>
      policy.split('; ').map((part) =>
        part
          .split(' ')
          .filter((source) => !source.startsWith('https://'))
          .join(' '),
      );
    expect(strip(spa)).toEqual(strip(docs));
    expect(docs).toContain("form-action 'self';");
    expect(docs).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('adds form targets and API origins once each, after our own', () => {
    const policy = spaContentSecurityPolicy('https://shop.example.in/', [
      { formActionOrigins: ['https://pay.example', 'https://shop.example.in'], connectOrigins: [] },
      { formActionOrigins: ['https://pay.example'], connectOrigins: ['https://api.pay.example'] },
    ]);
    expect(policy).toContain("form-action 'self' https://shop.example.in https://pay.example;");
    expect(policy).toContain("connect-src 'self' https://api.pay.example;");
  });

  it('takes the PayU form targets from the PayU provider and none for the sandbox', () => {
    expect(payuGateway.formActionOrigins).toEqual(
      Object.values(PAYU_PAYMENT_URLS).map((url) => new URL(url).origin),
    );
    expect(sandboxGateway.formActionOrigins).toEqual([]);
    expect(spaContentSecurityPolicy(null, GATEWAYS)).toContain(
      "form-action 'self' https://test.payu.in https://secure.payu.in;",
    );
  });
});

describe('formatCsp', () => {
  it('joins directives in order and leaves out one given no sources', () => {
    expect(
      formatCsp([
        ['default-src', ["'none'"]],
        ['connect-src', []],
        ['form-action', ["'self'", 'https://a.example']],
      ]),
    ).toBe("default-src 'none'; form-action 'self' https://a.example");
  });
});
