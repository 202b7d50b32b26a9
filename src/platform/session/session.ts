import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_LIFETIME_MS } from '../constants/index.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared.ts';

/** A visitor's server-side session. Lives in the database so any app server can serve it. */
export interface Session {
  id: string;
  customerId: number | null;
  expiresAt: string;
}

export interface Notice {
  type: 'success' | 'error' | 'info';
  text: string;
  /** An optional link shown with the notice, e.g. View cart. */
  link?: { href: string; label: string };
}

export const SESSION_COOKIE = 'shop_session';

/** The session token a browser holds (cookie or Cart-Token header): the id and its signature. */
export function signSessionId(secret: string, id: string): string {
  return `${id}.${signature(secret, id)}`;
}

export function unsignSessionToken(secret: string, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

function signature(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`session|${id}`).digest('base64url').slice(0, 22);
}

const findLiveSession = preparedQuery<
  { id: string; customer_id: number | null; expires_at: string },
  [id: string, now: string]
>((db) =>
  db
    .selectFrom('sessions')
    .select(['id', 'customer_id', 'expires_at'])
    .where('id', '=', '')
    .where('expires_at', '>', ''),
);

/** A new session, not yet stored. */
export function newSession(now = new Date()): Session {
  return {
    id: randomBytes(24).toString('base64url'),
    customerId: null,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
  };
}

export function sessionRepo(db: Db) {
  return {
    /** Read on every request that carries a session: a prepared query. */
    async find(id: string, now = new Date()): Promise<Session | undefined> {
      const [row] = await findLiveSession(db, id, now.toISOString());
      return row && { id: row.id, customerId: row.customer_id, expiresAt: row.expires_at };
    },

    async create(now = new Date()): Promise<Session> {
      const session = newSession(now);
      await this.insert(session, now);
      return session;
    },

    /** Stores a session made by `newSession`: lets a first cart write save both in one commit. */
    async insert(session: Session, now = new Date()): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          customer_id: session.customerId,
          notices_json: '[]',
          created_at: now.toISOString(),
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /** Pushes the expiry forward; called on writes, not reads, to keep reads cheap. */
    async extend(session: Session, now = new Date()): Promise<Session> {
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString();
      // Only write when at least an hour has passed, so a burst of cart writes costs one update.
      if (new Date(session.expiresAt).getTime() - now.getTime() > SESSION_LIFETIME_MS - 3_600_000)
        return session;
      await db
        .updateTable('sessions')
        .set({ expires_at: expiresAt })
        .where('id', '=', session.id)
        .execute();
      return { ...session, expiresAt };
    },

    /** Keeps notices for the visitor's next page (the no-JS flows redirect before showing them). */
    async addNotice(sessionId: string, notice: Notice): Promise<void> {
      const row = await db
        .selectFrom('sessions')
        .select('notices_json')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return;
      const notices = [...(JSON.parse(row.notices_json) as Notice[]), notice];
      await db
        .updateTable('sessions')
        .set({ notices_json: JSON.stringify(notices) })
        .where('id', '=', sessionId)
        .execute();
    },

    /** The waiting notices, removed as they are read. */
    async takeNotices(sessionId: string): Promise<Notice[]> {
      const row = await db
        .selectFrom('sessions')
        .select('notices_json')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      if (!row || row.notices_json === '[]') return [];
      await db
        .updateTable('sessions')
        .set({ notices_json: '[]' })
        .where('id', '=', sessionId)
        .execute();
      return JSON.parse(row.notices_json) as Notice[];
    },

    async deleteExpired(now = new Date()): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', now.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionRepo = ReturnType<typeof sessionRepo>;
