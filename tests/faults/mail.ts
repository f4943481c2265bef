/**
 * The mail outbox under kill -9 (docs/operations.md): a mail is a row committed with its cause, so a process
 * killed between the commit and the send loses none, and a restarted one sends each once.
 */
import { type SmtpSink, startSmtpSink } from '../security/smtp-sink';
import type { ServerProcess } from './procs';
import { sleep, waitFor } from './procs';
import { basket, createOrder, signUp } from './shop';

const MAIL_ENV = {
  PUBLIC_URL: 'https://shop.example.in',
  MAIL_RETRY_BASE: '200ms',
  MAIL_POLL: '100ms',
  // A send takes ~0.3 s on the slow sink; a row claimed by a killed process is free again after 6 s.
  MAIL_SEND_TIMEOUT: '3s',
  // The placement's mail is the payment reminder: due at once here, the orders stay unpaid.
  ORDER_PAYMENT_REMINDER: '100ms',
};

interface Hooks {
  /** Starts a server with `env` (plus SMTP_URL and MAIL_ENV). */
  serve: (env: Record<string, string>) => Promise<ServerProcess>;
  kill: (server: ServerProcess) => Promise<void>;
  check: (condition: unknown, message: string) => asserts condition;
  note: (line: string) => void;
}

/** The placement's mails (payment reminders) the sink holds, per order id, with their Message-IDs. */
function placedMails(sink: SmtpSink, ids: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const message of sink.messages) {
    const subject = /^Subject: Your order (SF-[0-9A-Z]+) is waiting for your payment/m.exec(
      message.data,
    )?.[1];
    const messageId = /^Message-ID: (<[^>]+>)/im.exec(message.data)?.[1] ?? '?';
    if (subject && found.has(subject)) found.get(subject)?.push(messageId);
  }
  return found;
}

async function placeOrders(base: string, token: string, count: number): Promise<string[]> {
  const products = await basket(base);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await createOrder(base, token, products);
    if (order.status !== 201) throw new Error(`createOrder answered ${order.status} ${order.text}`);
    ids.push((order.body as { id: string }).id);
  }
  return ids;
}

/**
 * Round 1, kill between commit and send: the mail server is down while orders are placed (their mail
 * is committed, every send fails), the server is killed -9, the mail server comes up, a new process
 * starts: every order's mail arrives exactly once. Round 2, kill while sending: a slow mail server,
 * the process killed after the first mails were accepted; after the restart every mail has arrived,
 * and a mail accepted in the last instant before the kill (at-least-once) comes again with the same
 * Message-ID, which the round counts and reports.
 */
export async function mailOutboxRounds(env: Record<string, string>, sinkPort: number, hooks: Hooks) {
  const { serve, kill, note } = hooks;
  const check: Hooks['check'] = hooks.check;
  const mailEnv = { ...env, ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${sinkPort}` };

  let server = await serve(mailEnv);
  const token = await signUp(server.url, 'mail');
  const first = await placeOrders(server.url, token, 10);
  await kill(server);
  let sink = await startSmtpSink(0, sinkPort);
  try {
    server = await serve(mailEnv);
    const restarted = server;
    await waitFor('every placement mail after the restart', 60_000, () =>
      [...placedMails(sink, first).values()].every((copies) => copies.length > 0),
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}; sink holds ${sink.messages.length} mails; server said:\n${restarted.output().slice(-3000)}`,
      );
    });
    // Ten more worker rounds (MAIL_POLL 100 ms) and the first retries (MAIL_RETRY_BASE 200 ms, then
    // 400 ms): a second copy would have come by now. Waiting for something not to happen is the one
    // wait here that no condition can end sooner.
    await sleep(1000);
    const copies = [...placedMails(sink, first).values()].map((c) => c.length);
    check(
      copies.every((n) => n === 1),
      `after kill -9 between commit and send: copies per order ${copies.join(',')}`,
    );
    note(
      `round 1: 10 orders placed with the mail server down, killed -9, restarted: 10/10 mails arrived, each once`,
    );
    await kill(server);
    await sink.close();

    sink = await startSmtpSink(40, sinkPort);
    server = await serve(mailEnv);
    const second = await placeOrders(server.url, token, 20);
    const accepted = sink.messages.length;
    await waitFor('the first mails of round 2', 30_000, () => sink.messages.length >= accepted + 3);
    await kill(server);
    const beforeRestart = sink.messages.length - accepted;
    server = await serve(mailEnv);
    await waitFor('every mail of round 2 after the restart', 60_000, () =>
      [...placedMails(sink, second).values()].every((c) => c.length > 0),
    );
    // As in round 1: ten more worker rounds, in which a copy with another Message-ID would come.
    await sleep(1000);
    const mails = placedMails(sink, second);
    let repeats = 0;
    for (const [id, ids] of mails) {
      check(ids.length > 0, `order ${id}'s mail was lost`);
      check(new Set(ids).size === 1, `order ${id}'s mail came with different Message-IDs: ${ids.join(' ')}`);
      repeats += ids.length - 1;
    }
    note(
      `round 2: 20 orders, killed -9 while sending (${beforeRestart} mails accepted before), restarted: ` +
        `20/20 arrived; ${repeats} repeated (same Message-ID, accepted just before the kill)`,
    );
    await kill(server);
  } finally {
    await sink.close();
  }
}
