/**
 * POST /contact and the newsletter. The spec simulates both forms ("No server call
 * is made"); a store needs the message to arrive and the subscription to exist, so these are real:
 * stored, mailed through the outbox, rate limited (RATE_LIMIT_CONTACT_MAX per IP, server/plugins/
 * rate-limit.ts). The storefront keeps the spec's labels, toasts and form clearing (README, "Contact
 * and newsletter").
 */
import type { FastifyRequest } from 'fastify';
import type { ContactMessage, NewsletterSubscription, NewsletterToken } from '../../contract/schema';
import { EMAIL_PATTERN, normaliseEmail } from '../../shared/email';
import { visibleLength } from '../../shared/text';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { LoginThrottle } from '../infra/login-throttle';
import { signLink, verifyLink } from '../mail/links';
import { mailQueueOf } from '../mail/queue';
import { defaultOrigin } from '../payments/origin';
import { requestSubscription, setSubscriptionStatus, storeContactMessage } from './messages.repository';

export const CONTACT_SENT = "Thank you for contacting us. We'll get back to you shortly.";
export const NEWSLETTER_REQUESTED =
  'Thank you for subscribing to our newsletter. Please confirm with the link we emailed you.';
export const NEWSLETTER_CONFIRMED = 'Your subscription is confirmed. Thank you!';
export const NEWSLETTER_UNSUBSCRIBED = 'You are unsubscribed and will get no more newsletters.';
export const NEWSLETTER_LINK_INVALID = 'This link is invalid. Please use the link from your email.';
export const EMAIL_INVALID = 'Please enter a valid email address.';
/** Acknowledgements one address is sent a day (the store still gets every message). */
export const CONTACT_ACKS_PER_DAY = 3;

/** Required text: trimmed, and not only spaces. */
function required(value: string, name: string): string {
  const text = value.trim();
  if (visibleLength(text) === 0) throw badRequest(`${name} is required`);
  return text;
}

export function messagesHandlers(ctx: AppContext) {
  const secret = ctx.config.mail.resetSecret;
  const origin = defaultOrigin(ctx.config);
  const mailQueue = mailQueueOf(ctx);
  // An acknowledgement goes to whatever address is typed: capped per address, so the form cannot
  // be used to flood someone's inbox.
  const ackThrottle = new LoginThrottle(CONTACT_ACKS_PER_DAY, 24 * 60 * 60_000, ctx.limits, 'contact-ack');
  const links = (id: string) => {
    const unsubscribe = encodeURIComponent(signLink(secret, 'newsletter.unsubscribe', id));
    return {
      confirmLink: `${origin}/newsletter/confirm?token=${encodeURIComponent(signLink(secret, 'newsletter.confirm', id))}`,
      unsubscribeLink: `${origin}/newsletter/unsubscribe?token=${unsubscribe}`,
      oneClick: `${origin}/api/v1/newsletter/unsubscribe?token=${unsubscribe}`,
    };
  };

  return {
    async sendContactMessage(request: FastifyRequest, reply: { code: (n: number) => unknown }) {
      const body = request.body as ContactMessage;
      const email = normaliseEmail(body.email);
      if (!EMAIL_PATTERN.test(email)) throw badRequest(EMAIL_INVALID);
      const input = {
        name: required(body.name, 'name'),
        email,
        subject: required(body.subject, 'subject'),
        message: required(body.message, 'message'),
      };
      const acknowledge = await ackThrottle.take(email).then(
        () => true,
        () => false,
      );
      const id = await storeContactMessage(ctx.db, input, ctx.store.companyEmail, acknowledge);
      request.log.info({ contactMessage: id, acknowledged: acknowledge }, 'contact message stored');
      reply.code(202);
      return { message: CONTACT_SENT };
    },

    /**
     * The same answer in the same time whatever the address's state: nobody learns who subscribes.
     * The answer goes first; the lookup and the mail follow through the mail queue, as a password
     * reset's do (server/mail/queue.ts).
     */
    async subscribeToNewsletter(request: FastifyRequest, reply: { code: (n: number) => unknown }) {
      const email = normaliseEmail((request.body as NewsletterSubscription).email);
      if (!EMAIL_PATTERN.test(email)) throw badRequest(EMAIL_INVALID);
      mailQueue.push(async () => {
        await requestSubscription(ctx.db, email, links);
      });
      reply.code(202);
      return { message: NEWSLETTER_REQUESTED };
    },

    async confirmNewsletter(request: FastifyRequest) {
      const id = verifyLink(secret, 'newsletter.confirm', (request.body as NewsletterToken).token);
      if (!id || !(await setSubscriptionStatus(ctx.db, id, 'confirmed')))
        throw badRequest(NEWSLETTER_LINK_INVALID);
      return { message: NEWSLETTER_CONFIRMED };
    },

    async unsubscribeFromNewsletter(request: FastifyRequest) {
      const { token } = request.query as { token: string };
      const id = verifyLink(secret, 'newsletter.unsubscribe', token);
      if (!id || !(await setSubscriptionStatus(ctx.db, id, 'unsubscribed')))
        throw badRequest(NEWSLETTER_LINK_INVALID);
      return { message: NEWSLETTER_UNSUBSCRIBED };
    },
  };
}
