import {
  createHmac,
  createSecretKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
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

/**
 * Signing is a pure function of secret and id, so each app server remembers the tokens it signed
 * or verified (a bounded map per secret) instead of computing an HMAC on every request. Only
 * tokens that verified are remembered; whether the session exists is still read every time.
 */
interface Signer {
  key: KeyObject;
  /** id -> token */
  tokens: Map<string, string>;
  /** token -> id, for tokens that verified */
  verified: Map<string, string>;
}

const SIGNED_TOKENS_KEPT = 10_000;
const signers = new Map<string, Signer>();

function signer(secret: string): Signer {
  let found = signers.get(secret);
  if (!found) {
    if (signers.size >= 16) signers.clear();
    found = { key: createSecretKey(Buffer.from(secret)), tokens: new Map(), verified: new Map() };
    signers.set(secret, found);
  }
  return found;
}

function remember(map: Map<string, string>, key: string, value: string): void {
  if (map.size >= SIGNED_TOKENS_KEPT) map.clear();
  map.set(key, value);
}

/** The session token a browser holds in its HttpOnly cookie: the id and its signature. */
export function signSessionId(secret: string, id: string): string {
  const keys = signer(secret);
  let token = keys.tokens.get(id);
  if (token === undefined) {
    token = `${id}.${signature(keys.key, id)}`;
    remember(keys.tokens, id, token);
  }
  return token;
}

const CART_TOKEN_PREFIX = 'cart.';

/**
 * The Store API's `Cart-Token`: the session id signed for another purpose than the cookie, so
 * scripts may read it and it grants the cart only. Never accepted as the cookie's token.
 */
export function signCartToken(secret: string, id: string): string {
  return `${CART_TOKEN_PREFIX}${id}.${signature(signer(secret).key, id, 'cart')}`;
}

export function unsignCartToken(secret: string, token: string | undefined): string | undefined {
  if (!token?.startsWith(CART_TOKEN_PREFIX)) return undefined;
  const signed = token.slice(CART_TOKEN_PREFIX.length);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = signed.slice(0, dot);
  return sameText(signed.slice(dot + 1), signature(signer(secret).key, id, 'cart'))
    ? id
    : undefined;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function unsignSessionToken(secret: string, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const keys = signer(secret);
  const known = keys.verified.get(token);
  if (known !== undefined) return known;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(keys.key, id));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  remember(keys.verified, token, id);
  return id;
}

/** Each purpose signs under its own label, so a token made for one is refused for another. */
function signature(key: KeyObject, id: string, purpose: 'session' | 'cart' = 'session'): string {
  return createHmac('sha256', key).update(`${purpose}|${id}`).digest('base64url').slice(0, 22);
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

/**
 * Session ids: 24 bytes from the CSPRNG, drawn 256 ids at a time (as Node does for randomUUID);
 * each byte is handed out once.
 */
const ID_BYTES = 24;
let idPool = Buffer.alloc(0);
let idOffset = 0;

function newSessionId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 256);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return id;
}

const insertSession = preparedQuery<
  never,
  [id: string, customerId: number | null, notices: string, createdAt: string, expiresAt: string]
>((db) =>
  db.insertInto('sessions').values({
    id: '',
    customer_id: null,
    notices_json: '',
    created_at: '',
    expires_at: '',
  }),
);

const findNotices = preparedQuery<{ notices_json: string }, [id: string]>((db) =>
  db.selectFrom('sessions').select('notices_json').where('id', '=', ''),
);

/** A new session, not yet stored. */
export function newSession(now = new Date()): Session {
  return {
    id: newSessionId(),
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
      await insertSession(
        db,
        session.id,
        session.customerId,
        '[]',
        now.toISOString(),
        session.expiresAt,
      );
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
      const [row] = await findNotices(db, sessionId);
      if (!row || row.notices_json === '[]') return [];
      await db
        .updateTable('sessions')
        .set({ notices_json: '[]' })
        .where('id', '=', sessionId)
        .execute();
      return JSON.parse(row.notices_json) as Notice[];
    },

    /**
     * Logs a customer in (or out, with null) under a new session id, so an id someone knew
     * before the change is worth nothing after it (session fixation). The old session's cart and
     * waiting notices move to the new id and the old id is removed, in one transaction.
     */
    rotate(
      oldId: string | undefined,
      customerId: number | null,
      now = new Date(),
    ): Promise<Session> {
      return db.transaction().execute((tx) => rotateSession(tx, oldId, customerId, now));
    },

    /** Ends a session (logging out): the session and its cart are gone. */
    async end(id: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('carts').where('session_id', '=', id).execute();
        await tx.deleteFrom('sessions').where('id', '=', id).execute();
      });
    },

    /** Ends every session of a customer but one (a new password logs the others out). */
    async endCustomerSessions(customerId: number, except?: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const others = tx
          .selectFrom('sessions')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('id', '!=', except ?? '');
        await tx.deleteFrom('carts').where('session_id', 'in', others).execute();
        await tx
          .deleteFrom('sessions')
          .where('customer_id', '=', customerId)
          .where('id', '!=', except ?? '')
          .execute();
      });
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

/**
 * `rotate` inside a transaction the caller holds (logging in also merges carts in it): a new id
 * for the customer (or null), carrying the old session's notices and cart; the old id removed.
 */
export async function rotateSession(
  tx: Db,
  oldId: string | undefined,
  customerId: number | null,
  now = new Date(),
): Promise<Session> {
  const session: Session = { ...newSession(now), customerId };
  const old = oldId
    ? await tx
        .selectFrom('sessions')
        .select('notices_json')
        .where('id', '=', oldId)
        .executeTakeFirst()
    : undefined;
  await tx
    .insertInto('sessions')
    .values({
      id: session.id,
      customer_id: customerId,
      notices_json: old?.notices_json ?? '[]',
      created_at: now.toISOString(),
      expires_at: session.expiresAt,
    })
    .execute();
  if (oldId && old) {
    await tx
      .updateTable('carts')
      .set({ session_id: session.id })
      .where('session_id', '=', oldId)
      .execute();
    await tx.deleteFrom('sessions').where('id', '=', oldId).execute();
  }
  return session;
}
