import { describe, expect, it } from 'vitest';
import { newAccount, send } from './client';
import { attack, startRefused, startShop } from './harness';

describe('row 7: the development outbox is opt-in', () => {
  it('is not served when NODE_ENV is missing or not production, nor is a reset link shown', {
    timeout: 400_000,
  }, async () => {
    for (const nodeEnv of ['', 'development']) {
      const shop = await startShop({ NODE_ENV: nodeEnv });
      try {
        const victim = await newAccount(shop.url);
        await send(shop.url, 'POST', '/api/v1/users/password-reset', { body: { email: victim.email } });
        const outbox = await send(shop.url, 'GET', '/api/dev/outbox');
        expect(outbox.status).toBe(404);
        expect(outbox.body).not.toContain('reset-password');
        attack(
          7,
          `GET /api/dev/outbox with NODE_ENV="${nodeEnv}", no SMTP_URL, after a reset`,
          '404: no outbox',
        );
      } finally {
        await shop.close();
      }
    }
  });

  it('is served with DEV_OUTBOX=1 (npm run dev:server), and refused with NODE_ENV=production', {
    timeout: 400_000,
  }, async () => {
    const shop = await startShop({ NODE_ENV: 'development', DEV_OUTBOX: '1' });
    try {
      expect((await send(shop.url, 'GET', '/api/dev/outbox')).status).toBe(200);
    } finally {
      await shop.close();
    }
    const { code, output } = await startRefused({ DEV_OUTBOX: '1', PAYMENTS: 'sandbox' });
    expect(code).not.toBe(0);
    expect(output).toMatch(/DEV_OUTBOX=1 .*only with NODE_ENV=development/);
    attack(7, 'NODE_ENV=production with DEV_OUTBOX=1', 'refused to start');
  });
});
