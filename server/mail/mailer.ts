import type { FastifyInstance } from 'fastify';

/** One message as the outbox worker (./worker.ts) hands it to a transport. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The same on every try of one outbox row, so a repeat is recognisable as the same message. */
  messageId?: string;
  headers?: Record<string, string>;
}

/** Where mail goes: SMTP (SMTP_URL), or without it this process's memory (the dev viewer reads it). */
export interface Mailer {
  readonly kind: 'memory' | 'smtp';
  send(mail: Mail): Promise<void>;
}

interface DeliveredMail extends Mail {
  from: string;
  sentAt: string;
}

/**
 * Without SMTP_URL: keeps the last `limit` messages in memory, for developers to read at
 * /api/dev/outbox when DEV_OUTBOX=1. Nothing leaves the machine.
 */
class MemoryMailer implements Mailer {
  readonly kind = 'memory' as const;
  readonly messages: DeliveredMail[] = [];
  constructor(
    private readonly from: string,
    private readonly limit = 50,
  ) {}
  async send(mail: Mail): Promise<void> {
    this.messages.unshift({ ...mail, from: this.from, sentAt: new Date().toISOString() });
    this.messages.splice(this.limit);
  }
}

/** SMTP through nodemailer, loaded only when SMTP_URL is configured. */
async function createSmtpMailer(url: string, from: string, sendTimeoutMs = 60_000): Promise<Mailer> {
  const nodemailer = await import('nodemailer');
  // Inside the worker's own limit (MAIL_SEND_TIMEOUT), unless SMTP_URL names its own.
  const options = new URL(url);
  for (const [name, ms] of [
    ['connectionTimeout', Math.min(20_000, sendTimeoutMs)],
    ['greetingTimeout', Math.min(20_000, sendTimeoutMs)],
    ['socketTimeout', sendTimeoutMs],
  ] as const)
    if (!options.searchParams.has(name)) options.searchParams.set(name, String(ms));
  const transport = nodemailer.createTransport(options.toString());
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        // An address object: nodemailer reads no display name or list out of it (shared/email.ts).
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}

export async function createMailer(config: {
  smtpUrl: string | null;
  mailFrom: string;
  sendTimeoutMs: number;
}): Promise<Mailer> {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, config.sendTimeoutMs)
    : new MemoryMailer(config.mailFrom);
}

/**
 * GET /api/dev/outbox: the mail this process delivered, newest first (subject, text and HTML).
 * Registered only when enabled (DEV_OUTBOX=1, which the config refuses with NODE_ENV=production) and
 * only for the in-memory transport.
 */
export function registerDevOutbox(app: FastifyInstance, mailer: Mailer, enabled: boolean): void {
  if (!enabled || !(mailer instanceof MemoryMailer)) return;
  app.get('/api/dev/outbox', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { messages: mailer.messages };
  });
}
