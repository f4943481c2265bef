import type { FastifyInstance } from 'fastify';

/** One message; plain text is enough for account mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where account mail goes: the in-memory outbox (development) or SMTP (SMTP_URL). */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

export interface OutboxMail extends Mail {
  from: string;
  sentAt: string;
}

/** Keeps the last `limit` messages in memory for developers to read at /api/dev/outbox. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly messages: OutboxMail[] = [];
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
export async function createSmtpMailer(url: string, from: string): Promise<Mailer> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export async function createMailer(config: { smtpUrl: string | null; mailFrom: string }): Promise<Mailer> {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(config.mailFrom);
}

/**
 * GET /api/dev/outbox: the outbox's messages, newest first. Registered only when enabled (DEV_OUTBOX=1,
 * which the config refuses with NODE_ENV=production) and only for the outbox mailer.
 */
export function registerDevOutbox(app: FastifyInstance, mailer: Mailer, enabled: boolean): void {
  if (!enabled || !(mailer instanceof OutboxMailer)) return;
  app.get('/api/dev/outbox', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { messages: mailer.messages };
  });
}
