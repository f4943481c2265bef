import { createServer, type Socket } from 'node:net';

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT` for the server's SMTP_URL. */
  url: string;
  /** Every message received so far: its recipients and its raw DATA. */
  messages: Array<{ to: string[]; data: string }>;
  close: () => Promise<void>;
}

/**
 * A loopback SMTP server that speaks just enough of RFC 5321 for nodemailer (EHLO without STARTTLS or
 * AUTH, MAIL, RCPT, DATA, QUIT) and keeps what it receives, so a test can read the mail a real server
 * process sent. `delayMs` holds every reply back that long (a slow mail provider); `port` 0 picks a
 * free one (the fault tests name theirs, to start the sink after the server that mails to it).
 */
export async function startSmtpSink(delayMs = 0, port = 0): Promise<SmtpSink> {
  const messages: SmtpSink['messages'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (line: string) =>
      setTimeout(() => {
        if (!socket.destroyed) socket.write(`${line}\r\n`);
      }, delayMs);
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    reply('220 sink.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push({ to, data: buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.') });
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') reply('250 2.1.0 ok');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          setTimeout(() => socket.end(), delayMs);
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 5.5.1 not implemented');
      }
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** The body of a raw message with quoted-printable soft breaks undone (nodemailer wraps long lines). */
export function bodyOf(data: string): string {
  const body = data.slice(data.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
