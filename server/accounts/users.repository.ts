import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../context';
import { preparedOnce } from '../db/prepared';
import { isUniqueViolation } from '../db/rows';
import { sessions, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The account a valid session belongs to, as handlers see it (never the password hash). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
}

/**
 * Creates an account; null when the email is taken. The unique index decides, so two simultaneous
 * registrations of one email cannot both win.
 */
export async function insertUser(
  db: Database,
  user: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<UserRow | null> {
  try {
    const [created] = await db.insert(users).values(user).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The account with this (already normalised) email, or null. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** Starts a session for a bearer token's hash, dropping this user's expired sessions on the way. */
export async function createSession(
  db: Database,
  session: { userId: string; tokenHash: string; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.userId, session.userId), lt(sessions.expiresAt, now)));
    await tx.insert(sessions).values(session);
  });
}

/** The user of an unexpired session with this token hash, or null. */
export async function userForSession(
  db: Database,
  tokenHash: string,
  now = new Date(),
): Promise<SessionUser | null> {
  const [row] = await sessionUser(db).execute({ tokenHash, now: now.toISOString() });
  return row ?? null;
}

// Every signed-in request asks it.
const sessionUser = preparedOnce((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

/**
 * Sets a new password hash and revokes every session, but only if the stored hash is still
 * `expectedHash`: two uses of one reset link cannot both win. False when nothing changed.
 */
export async function replacePassword(
  db: Database,
  userId: string,
  expectedHash: string,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return true;
  });
}
