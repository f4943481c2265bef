import { describe, expect, it, vi } from 'vitest';
import {
  createResetToken,
  RESET_DONE,
  RESET_INVALID,
  RESET_REQUESTED,
} from '../../server/accounts/password-reset';
import { buildApp } from '../../server/app';
import type { Mailer } from '../../server/mail/mailer';
import { API, bearer, registerAndLogin, setupTestApp, TEST_STORE, testConfig } from './helpers';

type Outbox = { messages: { to: string; subject: string; text: string }[] };

const t = setupTestApp({ mail: { ...testConfig().mail, devOutbox: true } });

const requestReset = (email: string, host = 'localhost:8044') =>
  t.app.inject({ method: 'POST', url: `${API}/users/password-reset`, headers: { host }, payload: { email } });
const confirm = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: `${API}/users/password-reset/confirm`, payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: `${API}/users/authorize`, payload: { email, password } });

/** The outbox once the mail queue has sent everything asked for so far (mail goes after the answer). */
async function outbox(): Promise<Outbox> {
  await t.app.mailQueue.idle();
  await t.app.mailWorker.drain();
  return (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json<Outbox>();
}

async function lastLinkTo(email: string): Promise<string> {
  const mail = (await outbox()).messages.find((m) => m.to === email);
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return link;
}

describe('password reset', () => {
  it('answers the same 202 whether or not the account exists, mailing only a real one', async () => {
    const shopper = await registerAndLogin(t.app);
    const known = await requestReset(shopper.email.toUpperCase(), '127.0.0.1:8044');
    const unknown = await requestReset('nobody-here@example.in');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RESET_REQUESTED });
    expect(unknown.json()).toEqual(known.json());
    expect((await outbox()).messages.some((m) => m.to === 'nobody-here@example.in')).toBe(false);
    // Without PUBLIC_URL the link goes to this machine's loopback origin, not to the Host named.
    expect(await lastLinkTo(shopper.email)).toMatch(/^http:\/\/localhost:8044\/reset-password\?token=/);
  });

  it('builds the link from PUBLIC_URL only, never from Host or X-Forwarded-Host', async () => {
    const shopper = await registerAndLogin(t.app);
    const config = testConfig({
      publicUrl: 'https://shop.example.in',
      trustProxy: true,
      mail: { ...t.ctx.config.mail, devOutbox: true },
    });
    const app = await buildApp({ config, db: t.ctx.db, store: TEST_STORE, logger: false });
    try {
      const response = await app.inject({
        method: 'POST',
        url: `${API}/users/password-reset`,
        headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
        payload: { email: shopper.email },
      });
      expect(response.statusCode).toBe(202);
      await app.mailQueue.idle();
      await app.mailWorker.drain();
      const mails = (await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json<Outbox>().messages;
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toMatch(/^https:\/\/shop\.example\.in\/reset-password\?token=/m);
      expect(mails[0]?.text).not.toContain('attacker.example');
    } finally {
      await app.close();
    }
  });

  it('sends at most 3 reset mails per address an hour, answering every request the same', async () => {
    const shopper = await registerAndLogin(t.app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await requestReset(shopper.email));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect((await outbox()).messages.filter((m) => m.to === shopper.email)).toHaveLength(3);
  });

  it('answers before the mail is sent: a hanging SMTP server delays no answer', async () => {
    const shopper = await registerAndLogin(t.app);
    let asked = 0;
    const hanging: Mailer = {
      kind: 'smtp',
      send: () => {
        asked++;
        return new Promise(() => {});
      },
    };
    const app = await buildApp({
      config: t.ctx.config,
      db: t.ctx.db,
      store: TEST_STORE,
      logger: false,
      mailer: hanging,
    });
    const response = await app.inject({
      method: 'POST',
      url: `${API}/users/password-reset`,
      payload: { email: shopper.email },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: RESET_REQUESTED });
    // The mail is written to the outbox after the answer; the worker hands it to the hanging server.
    await app.mailQueue.idle();
    void app.mailWorker.drain();
    await vi.waitFor(() => expect(asked).toBe(1));
    // Not closed: its worker would wait for the hanging send forever.
  });

  it('sets the new password once, signs out every session, and refuses the link a second time', async () => {
    const shopper = await registerAndLogin(t.app);
    await requestReset(shopper.email);
    const token = decodeURIComponent(
      new URL(await lastLinkTo(shopper.email)).searchParams.get('token') ?? '',
    );
    const done = await confirm(token, 'new-secret-42');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET_DONE });
    // The old session is revoked, the old password refused, the new one accepted.
    const account = await t.app.inject({
      method: 'GET',
      url: `${API}/accountInfo`,
      headers: bearer(shopper.token),
    });
    expect(account.statusCode).toBe(401);
    expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(401);
    expect((await signIn(shopper.email, 'new-secret-42')).statusCode).toBe(200);
    const again = await confirm(token, 'another-secret-42');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: RESET_INVALID });
  });

  it('refuses an expired, forged or malformed token, and a short password', async () => {
    const shopper = await registerAndLogin(t.app);
    await requestReset(shopper.email);
    const token = decodeURIComponent(
      new URL(await lastLinkTo(shopper.email)).searchParams.get('token') ?? '',
    );
    const [userId] = token.split('.');
    const expired = createResetToken(
      t.ctx.config.mail.resetSecret,
      { id: userId ?? '', passwordHash: 'whatever' },
      Date.now() - 2 * 60 * 60 * 1000,
    );
    expect((await confirm(expired, 'new-secret-42')).json()).toEqual({ error: RESET_INVALID });
    const forged = `${token.slice(0, -4)}0000`;
    expect((await confirm(forged, 'new-secret-42')).statusCode).toBe(400);
    expect((await confirm('nonsense', 'new-secret-42')).json()).toEqual({ error: RESET_INVALID });
    const short = await confirm(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/password/);
    expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(200);
  });
});

describe('the development outbox', () => {
  it('is not served in production', async () => {
    const config = testConfig({ mail: { ...t.ctx.config.mail, devOutbox: false } });
    const app = await buildApp({ config, db: t.ctx.db, store: TEST_STORE, logger: false });
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    await app.close();
  });

  it('is not served by default, whatever NODE_ENV says (DEV_OUTBOX=1 turns it on)', async () => {
    const config = testConfig();
    expect(config.mail.devOutbox).toBe(false);
    const app = await buildApp({ config, db: t.ctx.db, store: TEST_STORE, logger: false });
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    await app.close();
  });
});
