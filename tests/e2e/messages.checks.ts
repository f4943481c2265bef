/**
 * Contact and newsletter for real, in the browser against a real server: the contact
 * form sends and clears, and the store's mail arrives with the shopper as Reply-To; the newsletter
 * toasts, the confirmation mail arrives, and its two links confirm (on the shopper's click) and then
 * unsubscribe.
 *
 * How the check gets the mailed link: the run's server is NODE_ENV=production, where the config
 * refuses DEV_OUTBOX (/api/dev/outbox would hand every link to anyone). Signing a token in the test
 * (server/mail/links.ts signLink with RESET_SECRET) would need the subscription's id, which lives only
 * in the server's PGlite folder (one process per folder). So this check starts its own production
 * server that mails through SMTP_URL to a loopback SMTP sink (tests/security/smtp-sink.ts), the way a
 * shop mails for real, and reads the link out of the mail the shopper would get.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { bodyOf, type SmtpSink, startSmtpSink } from '../security/smtp-sink';
import { h1, open, text } from './checks';
import { startShop } from './shop';

/** Waits (polling the sink) for a mail to `to`, up to 20 s. */
async function mailTo(sink: SmtpSink, to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = sink.messages.find((m) => m.to.includes(to) && subject.test(m.data));
    if (mail) return mail.data;
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to} matching ${subject}; the sink holds ${sink.messages.length}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function linkIn(mail: string, path: string): string {
  const url = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}\\?token=[^\\s"<>&]+`).exec(
    bodyOf(mail),
  )?.[0];
  if (!url) throw new Error(`no ${path} link in the mail:\n${bodyOf(mail).slice(0, 2000)}`);
  return url;
}

async function contactSends(page: Page, sink: SmtpSink, shots: string) {
  await open(page, '/contact');
  await h1(page, 'Contact Us');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Asha Verma');
  await page.getByRole('textbox', { name: /^Email/ }).fill('asha.e2e@example.in');
  await page.getByRole('textbox', { name: /^Subject/ }).fill('Sizes');
  await page.getByRole('textbox', { name: /^Message/ }).fill('Do you stock the kurta in XXL?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await text(page, "Thank you for contacting us. We'll get back to you shortly.");
  await text(page, 'Message Sent');
  await page.screenshot({ path: join(shots, 'messages-contact-sent.png') });
  const name = await page.getByRole('textbox', { name: /^Name/ }).inputValue();
  if (name !== '') throw new Error(`the contact form did not clear (Name is "${name}")`);
  const answer = await fetch(new URL('/api/v1/storeInfo', page.url()));
  const { companyEmail } = (await answer.json()) as { companyEmail: string };
  const mail = await mailTo(sink, companyEmail, /Do you stock the kurta in XXL\?|Sizes/);
  if (!/^Reply-To: .*asha\.e2e@example\.in/im.test(mail))
    throw new Error('the store got the message without the shopper as Reply-To');
}

async function newsletterConfirms(page: Page, sink: SmtpSink, shots: string) {
  const email = `news.${Date.now()}@example.in`;
  await open(page, '/');
  const field = page.getByLabel('Email address');
  await field.fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await text(page, 'Thank you for subscribing to our newsletter.');
  await text(page, 'Please confirm with the link we emailed you.');
  if ((await field.inputValue()) !== '') throw new Error('the newsletter field did not clear');
  await page.screenshot({ path: join(shots, 'messages-newsletter-subscribed.png') });
  const mail = await mailTo(sink, email, /^Subject: /m);
  const confirm = linkIn(mail, '/newsletter/confirm');
  const unsubscribe = linkIn(mail, '/newsletter/unsubscribe');
  await page.goto(confirm, { waitUntil: 'load' });
  // Opening the link confirms nothing (a mail scanner opens every link): the shopper's click does.
  await h1(page, 'Confirm your subscription');
  await page.screenshot({ path: join(shots, 'messages-newsletter-confirm.png') });
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await h1(page, 'Subscription confirmed');
  await text(page, 'Your subscription is confirmed. Thank you!');
  await page.screenshot({ path: join(shots, 'messages-newsletter-confirmed.png') });
  await page.goto(unsubscribe, { waitUntil: 'load' });
  await h1(page, 'You are unsubscribed');
  await text(page, 'You are unsubscribed and will get no more newsletters.');
}

/**
 * The messages check on a server of its own (port `port`, a fresh DATA_DIR, mail to a loopback sink):
 * contact at 1280 px, the newsletter's double opt-in at 375 px. Throws what went wrong.
 */
export async function messagesCheck(browser: Browser, port: number, shots: string) {
  const sink = await startSmtpSink();
  const base = `http://localhost:${port}`;
  const shop = await startShop({
    port,
    portVariable: 'E2E_MESSAGES_PORT',
    label: 'e2e-messages',
    env: { SMTP_URL: sink.url, PUBLIC_URL: base, MAIL_POLL: '200ms', MAIL_RETRY_BASE: '200ms' },
  });
  const errors: string[] = [];
  try {
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['mobile', { width: 375, height: 812 }],
    ] as const) {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      try {
        await page.goto(`${shop.base}/`, { waitUntil: 'load' });
        if (label === 'desktop') await contactSends(page, sink, shots);
        else await newsletterConfirms(page, sink, shots);
      } catch (error) {
        await page.screenshot({ path: join(shots, `FAILED-messages-${label}.png`) }).catch(() => {});
        throw new Error(`${(error as Error).message} (at ${page.url()}, ${label})`, { cause: error });
      } finally {
        await context.close();
      }
    }
    if (errors.length > 0) throw new Error(`console errors:\n  ${errors.join('\n  ')}`);
  } finally {
    await shop.stop();
    await sink.close();
  }
}
