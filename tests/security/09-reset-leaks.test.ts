import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type Answer, newAccount, send } from './client';
import { attack, type Shop, startShop, waitFor } from './harness';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

const RESET_MAX = 40; // RATE_LIMIT_RESET_MAX for this shop: room for the timing pairs below
const PAIRS = 10;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('row 9: password reset without leaks', () => {
  let sink: SmtpSink;
  let shop: Shop;
  let victim: Account;
  let bystander: Account;
  beforeAll(async () => {
    // A slow mail provider (every SMTP reply 150 ms late, ~1 s a mail) makes a mail sent inside the
    // request plainly visible in its time.
    sink = await startSmtpSink(150);
    shop = await startShop({
      SMTP_URL: sink.url,
      PUBLIC_URL: 'https://shop.example.in',
      RATE_LIMIT_RESET_MAX: String(RESET_MAX),
    });
    victim = await newAccount(shop.url);
    bystander = await newAccount(shop.url);
  });
  afterAll(async () => {
    await shop?.close();
    await sink?.close();
  });

  const reset = (email: string) =>
    send(shop.url, 'POST', '/api/v1/users/password-reset', { body: { email } });

  it('answers a known and an unknown email alike, mails one address at most 3 times an hour, and limits the IP', async () => {
    const known: Answer[] = [];
    const unknown: Answer[] = [];
    for (let i = 0; i < PAIRS; i++) {
      known.push(await reset(victim.email));
      unknown.push(await reset(`nobody-${i}@example.in`));
    }
    for (const answer of [...known, ...unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toBe(known[0]?.body);
    }
    const knownMs = median(known.map((a) => a.ms));
    const unknownMs = median(unknown.map((a) => a.ms));
    // Sent inside the request, a mail would cost ~1 s here; answered first, both are a few ms.
    expect(knownMs).toBeLessThan(unknownMs + 100);
    expect(knownMs).toBeLessThan(500);

    // 30 requests for the victim in all: the queue sends 3 mails, then the bystander's (FIFO: when it
    // has arrived, every earlier request has been dealt with).
    for (let i = 2 * PAIRS; i < 30; i++) expect((await reset(victim.email)).status).toBe(202);
    expect((await reset(bystander.email)).status).toBe(202);
    await waitFor('the bystander reset mail', 60_000, () =>
      sink.messages.some((m) => m.to.includes(bystander.email)),
    );
    const toVictim = sink.messages.filter((m) => m.to.includes(victim.email)).length;
    expect(toVictim).toBe(3);

    // The per-IP limit: RESET_MAX requests a window, then 429.
    let accepted = 2 * PAIRS + (30 - 2 * PAIRS) + 1;
    let last: Answer | undefined;
    for (;;) {
      last = await reset(`flood-${accepted}@example.in`);
      if (last.status !== 202) break;
      accepted++;
      if (accepted > RESET_MAX + 5) break;
    }
    expect(accepted).toBe(RESET_MAX);
    expect(last?.status).toBe(429);
    attack(
      9,
      `${PAIRS} resets for a known and ${PAIRS} for unknown emails against a slow SMTP server; 30 for one address; a flood from one IP`,
      `same 202 body, median ${knownMs.toFixed(1)} ms known vs ${unknownMs.toFixed(1)} ms unknown; ${toVictim} mails to the address; 429 after ${accepted} requests`,
    );
  });
});
