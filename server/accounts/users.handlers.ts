import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AccountInfo,
  LoginRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  RegisterRequest,
} from '../../contract/schema';
import { isNameLongEnough, isPasswordLongEnough, NAME_MIN, PASSWORD_MIN } from '../../shared/account';
import { EMAIL_PATTERN, normaliseEmail } from '../../shared/email';
import type { AppContext } from '../context';
import { badRequest, conflict, unauthorized } from '../errors';
import { LoginThrottle } from '../infra/login-throttle';
import { enqueueMail } from '../mail/outbox';
import { mailQueueOf } from '../mail/queue';
import { defaultOrigin } from '../payments/origin';
import {
  burnPasswordCheck,
  hashPassword,
  hashToken,
  newToken,
  primeDummyHash,
  requireUser,
  SESSION_TTL_MS,
  verifyPassword,
} from './auth';
import {
  createResetToken,
  isResetTokenValid,
  RESET_DONE,
  RESET_INVALID,
  RESET_REQUESTED,
  resetTokenUserId,
} from './password-reset';
import {
  createSession,
  findUserByEmail,
  findUserById,
  insertUser,
  replacePassword,
} from './users.repository';

/** Failed sign-ins allowed per IP across all emails, as a multiple of RATE_LIMIT_AUTH_MAX. */
const IP_FAILURES_PER_AUTH_MAX = 10;
/** Password-reset mails per email address per hour; more requests get the same answer and no mail. */
const RESET_MAILS_PER_HOUR = 3;

const toAccountInfo = (u: {
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
}): AccountInfo => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  createdAt: u.createdAt.toISOString(),
});

export function usersHandlers(ctx: AppContext) {
  primeDummyHash();
  const { authMax, windowMs } = ctx.config.rateLimit;
  const loginThrottle = new LoginThrottle(authMax, windowMs, ctx.limits, 'login');
  // Password spraying (one guess each against many emails) never trips the per-account key above;
  // this caps failures per IP across all emails, loose enough for an office or campus behind one NAT.
  const ipThrottle = new LoginThrottle(IP_FAILURES_PER_AUTH_MAX * authMax, windowMs, ctx.limits, 'login-ip');
  const mailQueue = mailQueueOf(ctx);
  // At most RESET_MAILS_PER_HOUR mails per address: a flood of requests for one email mails it 3 times.
  const resetMailThrottle = new LoginThrottle(RESET_MAILS_PER_HOUR, 60 * 60 * 1000, ctx.limits, 'reset-mail');

  /** The queued half of a reset request: looks the account up and mails it a link, within the cap. */
  async function sendResetMail(email: string, log: FastifyBaseLogger): Promise<void> {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    try {
      await resetMailThrottle.take(user.email);
    } catch {
      log.info({ userId: user.id }, 'password reset mail not sent: hourly limit reached');
      return;
    }
    const token = createResetToken(ctx.config.mail.resetSecret, user);
    // PUBLIC_URL, else this machine's loopback origin: never the request's Host, which a client chooses.
    const link = `${defaultOrigin(ctx.config)}/reset-password?token=${encodeURIComponent(token)}`;
    // Written to the outbox (server/mail/outbox.ts); the mail worker renders and sends it.
    await enqueueMail(ctx.db, {
      template: 'password.reset',
      recipient: user.email,
      data: { firstName: user.firstName, link },
      dedupeKey: `reset:${randomUUID()}`,
    });
    log.info({ userId: user.id }, 'password reset mail written to the outbox');
  }

  return {
    async register(request: FastifyRequest, reply: FastifyReply): Promise<AccountInfo> {
      const body = request.body as RegisterRequest;
      const email = normaliseEmail(body.email);
      const firstName = body.firstName.trim();
      const lastName = body.lastName.trim();
      if (!EMAIL_PATTERN.test(email)) throw badRequest('Please enter a valid email address.');
      if (!isNameLongEnough(firstName)) throw badRequest(`firstName must be at least ${NAME_MIN} characters`);
      if (!isNameLongEnough(lastName)) throw badRequest(`lastName must be at least ${NAME_MIN} characters`);
      if (!isPasswordLongEnough(body.password))
        throw badRequest(`password must be at least ${PASSWORD_MIN} characters`);

      const passwordHash = await hashPassword(body.password);
      const created = await insertUser(ctx.db, { email, passwordHash, firstName, lastName });
      if (!created) throw conflict('An account with this email already exists');
      reply.code(201);
      return toAccountInfo(created);
    },

    async authorize(request: FastifyRequest): Promise<{ token: string }> {
      const body = request.body as LoginRequest;
      const email = normaliseEmail(body.email);
      // Keyed by IP and account so one shopper's typos do not lock out a shared office IP.
      const throttleKey = `${request.ip}|${email}`;
      // Counted before the password is checked (server/infra/login-throttle.ts), given back on success.
      await ipThrottle.take(request.ip);
      try {
        await loginThrottle.take(throttleKey);
      } catch (error) {
        await ipThrottle.giveBack(request.ip);
        throw error;
      }
      const user = await findUserByEmail(ctx.db, email);
      if (!user) await burnPasswordCheck(body.password);
      if (!user || !(await verifyPassword(body.password, user.passwordHash)))
        throw unauthorized('Invalid email or password');
      await Promise.all([loginThrottle.giveBack(throttleKey), ipThrottle.giveBack(request.ip)]);

      const token = newToken();
      const now = new Date();
      // Housekeeping: a sign-in is a good moment to drop this user's expired sessions (createSession does).
      await createSession(
        ctx.db,
        { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SESSION_TTL_MS) },
        now,
      );
      return { token };
    },

    /**
     * Always the same answer in the same time, whether or not the email has an account (no account
     * discovery): the answer goes first, the lookup and the mail follow through the mail queue. Per IP
     * the operation is rate-limited (RATE_LIMIT_RESET_MAX, server/plugins/rate-limit.ts).
     */
    async requestPasswordReset(request: FastifyRequest, reply: FastifyReply) {
      const { email } = request.body as PasswordResetRequest;
      const address = normaliseEmail(email);
      const log = request.log;
      mailQueue.push(() => sendResetMail(address, log));
      reply.code(202);
      return { message: RESET_REQUESTED };
    },

    /** A valid link sets the new password and signs the account out everywhere. */
    async resetPassword(request: FastifyRequest) {
      const { token, password } = request.body as PasswordResetConfirm;
      if (!isPasswordLongEnough(password))
        throw badRequest(`password must be at least ${PASSWORD_MIN} characters`);
      const userId = resetTokenUserId(token);
      const user = userId ? await findUserById(ctx.db, userId) : null;
      if (!user || !isResetTokenValid(ctx.config.mail.resetSecret, token, user))
        throw badRequest(RESET_INVALID);
      const passwordHash = await hashPassword(password);
      // Only if the hash is still the one the link was made for: two uses of one link cannot both win.
      const changed = await replacePassword(ctx.db, user.id, user.passwordHash, passwordHash);
      if (!changed) throw badRequest(RESET_INVALID);
      request.log.info({ userId: user.id }, 'password reset; all sessions revoked');
      return { message: RESET_DONE };
    },

    async getAccountInfo(request: FastifyRequest): Promise<AccountInfo> {
      return toAccountInfo(await requireUser(ctx, request));
    },
  };
}
