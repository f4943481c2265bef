import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import { type SessionUser, userForSession } from './users.repository';

export type { SessionUser };

/**
 * scrypt parameters N=2^15, r=8, p=1 (OWASP's recommended floor): 32 MiB of memory and, measured on
 * the 2-core machines this project runs on, about 89 ms per hash (8 in parallel: 380 ms, i.e. about
 * 20 sign-ins per second per node). Hashing runs on libuv's thread pool, not the event loop. The
 * parameters are stored with each hash, so they can be raised later without breaking old accounts.
 */
const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// 128 * N * r bytes are needed; Node's default cap (32 MiB) is exactly that, so leave headroom.
const MAX_MEM = 64 * 1024 * 1024;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number, length: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, length, { N, r, p, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with base64url salt and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  const hash = await scrypt(password, salt, N, r, p, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked against when the email is unknown, so a miss costs the same as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};
/** Computes the dummy hash ahead of time, so even the first unknown-email sign-in costs one hash, not two. */
export const primeDummyHash = () => void getDummyHash();
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await getDummyHash());
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes (256 bits), base64url: the only copy leaves in the response; we keep its SHA-256. */
export const newToken = () => randomBytes(32).toString('base64url');

// RFC 7235: the auth scheme is case-insensitive (the token alphabet already spans both cases).
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/i;

/** The signed-in user, or a 401 for a missing, malformed, unknown or expired bearer token. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser> {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.trim() === '') throw unauthorized('Authentication required');
  const match = BEARER.exec(header.trim());
  if (!match?.[1]) throw unauthorized('Invalid or expired token');
  const user = await userForSession(ctx.db, hashToken(match[1]));
  if (!user) throw unauthorized('Invalid or expired token');
  return user;
}

/** null without an Authorization header (or a blank one); a present but invalid token is still a 401. */
export async function optionalUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return null;
  return requireUser(ctx, request);
}
