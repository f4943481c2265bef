import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  formatCsp,
  spaContentSecurityPolicy,
} from '../../server/http/security-headers';
import { PAYU_PAYMENT_URLS, payuGateway } from '../../server/payments/payu';
import { GATEWAYS } from '../../server/payments/registry';
import { sandboxGateway } from '../../server/payments/sandbox';

const directives = (policy: string) => policy.split('; ').map((part) => part.split(' ')[0]);

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
