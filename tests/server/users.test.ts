import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, SESSION_TTL_MS, verifyPassword } from '../../server/accounts/auth';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  replacePassword,
} from '../../server/accounts/users.repository';
import { sessions, users } from '../../server/db/schema';
import { API, bearer, registerAndLogin, setupTestApp } from './helpers';

const t = setupTestApp();

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${API}/users/register`, payload: payload as object });
const authorize = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${API}/users/authorize`, payload: payload as object });
const valid = (email: string) => ({
  email,
  password: 'saree-sunday-42',
  firstName: 'Asha',
  lastName: 'Verma',
});

describe('POST /users/register', () => {
  it('creates the account with a trimmed, lowercased email and answers 201 AccountInfo', async () => {
    const response = await register({
      ...valid('  Asha.Verma@Example.IN  '),
      firstName: '  Asha ',
      lastName: ' Verma ',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha.verma@example.in',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(body).not.toHaveProperty('passwordHash');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'asha.verma@example.in'));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(row?.passwordHash).not.toContain('saree-sunday-42');
  });

  it('answers 409 when the email is already registered in any letter case', async () => {
    expect((await register(valid('dup@example.in'))).statusCode).toBe(201);
    const again = await register(valid(' DUP@Example.in'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email already exists' });
  });

  it('lets only one of two simultaneous registrations of one email win', async () => {
    const results = await Promise.all([
      register(valid('race@example.in')),
      register(valid('RACE@example.in')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ ...valid('x@example.in'), password: '12345' }, 'password must be at least 6 characters'],
    [{ ...valid('x@example.in'), firstName: 'A' }, 'firstName must be at least 2 characters'],
    [{ ...valid('x@example.in'), firstName: ' A ' }, 'firstName must be at least 2 characters'],
    [{ ...valid('x@example.in'), lastName: '  V' }, 'lastName must be at least 2 characters'],
    [
      { ...valid('x@example.in'), firstName: '\u200B\u200B\u200B' },
      'firstName must be at least 2 characters',
    ],
    [
      { ...valid('x@example.in'), firstName: '\u200C\u200D \u2060\uFEFF' },
      'firstName must be at least 2 characters',
    ],
    [{ ...valid('x@example.in'), firstName: 'A\u200B\u200B' }, 'firstName must be at least 2 characters'],
    [{ ...valid('x@example.in'), lastName: '\u2060\u200BV\u200D' }, 'lastName must be at least 2 characters'],
    [valid('not-an-email'), 'Please enter a valid email address.'],
    [valid('has space@example.in'), 'Please enter a valid email address.'],
    [valid('a@b'), 'Please enter a valid email address.'],
    [{ ...valid('x@example.in'), isAdmin: true }, 'Unknown field "isAdmin" in body'],
    [{ email: 'x@example.in', password: 'secret1', firstName: 'Asha' }, 'lastName is required'],
    [{ ...valid('x@example.in'), firstName: 42 }, 'firstName must be a string'],
    [{ ...valid('x@example.in'), password: 'p'.repeat(201) }, 'password must be at most 200 characters'],
  ])('answers 400 with a clear error for %j', async (payload, error) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('accepts a name whose joiner sits between visible characters and stores it as typed', async () => {
    const response = await register({ ...valid('joiner@example.in'), firstName: ' क्\u200Dष ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ firstName: 'क्\u200Dष' });
  });

  it('never creates an account from a rejected request', async () => {
    await register({ ...valid('mass@example.in'), createdAt: '2000-01-01T00:00:00Z' });
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, 'mass@example.in'));
    expect(rows).toHaveLength(0);
  });
});

describe('POST /users/authorize', () => {
  it('returns an opaque 256-bit token and stores only its SHA-256 with a 30-day expiry', async () => {
    await register(valid('login@example.in'));
    const before = Date.now();
    const response = await authorize({ email: ' LOGIN@example.in ', password: 'saree-sunday-42' });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session).toBeDefined();
    const ttl = (session?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(ttl).toBeLessThan(SESSION_TTL_MS + 60_000);
    const all = await t.ctx.db.select().from(sessions);
    expect(all.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('answers the same 401 for an unknown email and for a wrong password', async () => {
    await register(valid('known@example.in'));
    const wrongPassword = await authorize({ email: 'known@example.in', password: 'not-the-password' });
    const unknownEmail = await authorize({ email: 'nobody@example.in', password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'Invalid email or password' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('issues a distinct token per sign-in', async () => {
    await register(valid('twice@example.in'));
    const a = await authorize({ email: 'twice@example.in', password: 'saree-sunday-42' });
    const b = await authorize({ email: 'twice@example.in', password: 'saree-sunday-42' });
    expect(a.json<{ token: string }>().token).not.toBe(b.json<{ token: string }>().token);
  });

  it('answers 400 when a field is missing or has the wrong type', async () => {
    expect((await authorize({ email: 'x@example.in' })).statusCode).toBe(400);
    expect((await authorize({ email: ['x@example.in'], password: 'secret1' })).statusCode).toBe(400);
    expect((await authorize({ email: 'x@example.in', password: { $ne: null } })).statusCode).toBe(400);
  });
});

describe('POST /users/authorize caching', () => {
  it('marks the token response no-store', async () => {
    const shopper = await registerAndLogin(t.app);
    const response = await authorize({ email: shopper.email, password: shopper.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('token');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /accountInfo', () => {
  it('returns the signed-in account', async () => {
    const shopper = await registerAndLogin(t.app, { firstName: 'Ravi', lastName: 'Iyer' });
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/accountInfo`,
      headers: bearer(shopper.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      firstName: 'Ravi',
      lastName: 'Iyer',
      email: shopper.email,
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a malformed token', 'Bearer not a token'],
    ['a forged token of the right shape', `Bearer ${'A'.repeat(43)}`],
    ['a token with SQL in it', "Bearer ' OR 1=1 --"],
  ])('answers 401 with %s', async (_label, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/accountInfo`,
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('error');
  });

  it('accepts the bearer scheme in any letter case when the token is valid', async () => {
    const shopper = await registerAndLogin(t.app, { firstName: 'Meera' });
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/accountInfo`,
        headers: { authorization: `${scheme} ${shopper.token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ firstName: 'Meera' });
    }
  });

  it.each([
    ['the scheme alone', 'Bearer'],
    ['a lowercase scheme alone', 'bearer'],
    ['a token with a space in it', 'bearer abc def'],
    ['a lowercase basic scheme', 'basic dXNlcjpwYXNz'],
  ])('still answers 401 with %s', async (_label, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/accountInfo`,
      headers: { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('error');
  });

  it('answers 401 once the session has expired', async () => {
    const shopper = await registerAndLogin(t.app);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(shopper.token)));
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/accountInfo`,
      headers: bearer(shopper.token),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid or expired token' });
  });
});

describe('password hashing', () => {
  it('verifies the right password and rejects others, with a fresh salt per hash', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage')).toBe(false);
  });
});

describe('users repository', () => {
  it('answers null instead of a second account when the email is taken', async () => {
    const user = { email: 'repo-dup@example.in', passwordHash: 'h', firstName: 'Asha', lastName: 'Verma' };
    expect(await insertUser(t.ctx.db, user)).toMatchObject({ email: user.email });
    expect(await insertUser(t.ctx.db, { ...user, firstName: 'Other' })).toBeNull();
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, user.email));
    expect(rows.map((row) => row.firstName)).toEqual(['Asha']);
  });

  it('replaces a password and revokes its sessions only while the expected hash is still stored', async () => {
    const shopper = await registerAndLogin(t.app);
    const user = await findUserByEmail(t.ctx.db, shopper.email);
    if (!user) throw new Error('registered user not found');
    const sessionsOf = () => t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));

    expect(await replacePassword(t.ctx.db, user.id, 'not-the-stored-hash', 'new-hash')).toBe(false);
    expect(await sessionsOf()).toHaveLength(1);
    expect((await findUserById(t.ctx.db, user.id))?.passwordHash).toBe(user.passwordHash);

    expect(await replacePassword(t.ctx.db, user.id, user.passwordHash, 'new-hash')).toBe(true);
    expect(await sessionsOf()).toEqual([]);
    expect((await findUserById(t.ctx.db, user.id))?.passwordHash).toBe('new-hash');
  });
});
