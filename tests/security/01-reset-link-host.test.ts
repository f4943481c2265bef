import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, send } from './client';
import { attack, type Shop, startRefused, startShop, waitFor } from './harness';
import { bodyOf, type SmtpSink, startSmtpSink } from './smtp-sink';

const PUBLIC_URL = 'https://shop.example.in';
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

/** The reset link in the last mail to `email`, once it has arrived. */
async function linkMailedTo(email: string, before: number): Promise<string> {
  await waitFor(`a reset mail to ${email}`, 30_000, () =>
    sink.messages.slice(before).some((m) => m.to.includes(email)),
  );
  const mail = sink.messages.slice(before).find((m) => m.to.includes(email));
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(bodyOf(mail?.data ?? ''))?.[0];
  if (!link) throw new Error(`no reset link in the mail to ${email}:\n${mail?.data}`);
  return link;
}

describe('row 1: reset links come only from configuration', () => {
  let shop: Shop;
  beforeAll(async () => {
    // TRUST_PROXY=true: even a server that reads X-Forwarded-Host must not put it in mail.
    shop = await startShop({ SMTP_URL: sink.url, PUBLIC_URL, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('mails the victim a link to PUBLIC_URL whatever Host / X-Forwarded-Host the attacker sends', async () => {
    const victim = await newAccount(shop.url);
    const attempts: Record<string, string>[] = [
      { host: 'attacker.example' },
      { 'x-forwarded-host': 'attacker.example' },
    ];
    for (const headers of attempts) {
      const before = sink.messages.length;
      const answer = await send(shop.url, 'POST', '/api/v1/users/password-reset', {
        headers,
        body: { email: victim.email },
      });
      expect(answer.status).toBe(202);
      const link = await linkMailedTo(victim.email, before);
      expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
      expect(link).not.toContain('attacker.example');
      attack(
        1,
        `POST /users/password-reset for the victim with ${JSON.stringify(headers)}`,
        `the mail links to ${link.slice(0, link.indexOf('?'))} (PUBLIC_URL), never to the header's host`,
      );
    }
  });
});

describe('row 1: a shop that mails must know its address', () => {
  it('refuses to start in production with SMTP_URL but no PUBLIC_URL, and says why', async () => {
    const { code, output } = await startRefused({ SMTP_URL: sink.url, PAYMENTS: 'sandbox' });
    expect(code).not.toBe(0);
    expect(output).toMatch(/SMTP_URL is set but PUBLIC_URL is not/);
    attack(
      1,
      'NODE_ENV=production with SMTP_URL and no PUBLIC_URL',
      `refused to start: ${output
        .trim()
        .split('\n')
        .find((l) => l.includes('PUBLIC_URL'))
        ?.slice(0, 120)}`,
    );
  });

  it('in development without PUBLIC_URL, links go to the loopback origin only', {
    timeout: 400_000,
  }, async () => {
    const shop = await startShop({ NODE_ENV: 'development', SMTP_URL: sink.url });
    try {
      const victim = await newAccount(shop.url);
      const before = sink.messages.length;
      const answer = await send(shop.url, 'POST', '/api/v1/users/password-reset', {
        headers: { host: 'attacker.example' },
        body: { email: victim.email },
      });
      expect(answer.status).toBe(202);
      const link = await linkMailedTo(victim.email, before);
      expect(link.startsWith(`http://localhost:${shop.port}/reset-password?token=`)).toBe(true);
      attack(
        1,
        'development, no PUBLIC_URL: POST /users/password-reset with Host: attacker.example',
        `the mail links to http://localhost:${shop.port}`,
      );
    } finally {
      await shop.close();
    }
  });
});
