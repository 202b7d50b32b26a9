import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../constants/index.ts';
import {
  newSession,
  SESSION_COOKIE,
  signSessionId,
  unsignCartToken,
  unsignSessionToken,
  type Session,
  type SessionRepo,
} from '../session/session.ts';

export interface SessionDeps {
  sessions: SessionRepo;
  secret: string;
}

const resolved = new WeakMap<FastifyRequest, Promise<Session | undefined>>();
const cartRoutes = new WeakSet<FastifyRequest>();

/**
 * Marks a request to a Store API cart route, the one place a `Cart-Token` header is read (a
 * route's onRequest hook). Elsewhere the header is ignored: it is readable by scripts, so it
 * grants the cart and nothing else.
 */
export function acceptCartToken(request: FastifyRequest, _reply: unknown, done: () => void): void {
  cartRoutes.add(request);
  done();
}

/** Whether raw request headers carry a session cookie: cheap, for the page cache's decision. */
export function hasSessionToken(headers: IncomingHttpHeaders): boolean {
  return headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
}

/** The session the cookie names; on a cart route without the cookie, the one the Cart-Token names. */
async function findSession(
  request: FastifyRequest,
  deps: SessionDeps,
): Promise<Session | undefined> {
  const cookieId = unsignSessionToken(deps.secret, request.cookies[SESSION_COOKIE]);
  if (cookieId) return deps.sessions.find(cookieId);
  const header = request.headers['cart-token'];
  if (!cartRoutes.has(request) || typeof header !== 'string') return undefined;
  const cartId = unsignCartToken(deps.secret, header);
  const session = cartId ? await deps.sessions.find(cartId) : undefined;
  // The cart's session, with no customer: a cart token never stands for a log-in.
  return session && { ...session, customerId: null };
}

/** The request's session, if it has a valid one. Read once per request. */
export function readSession(
  request: FastifyRequest,
  deps: SessionDeps,
): Promise<Session | undefined> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = findSession(request, deps);
    resolved.set(request, pending);
  }
  return pending;
}

/** The request's session, created (with its cookie) on the first write that needs one. */
export async function ensureSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SessionDeps,
): Promise<Session> {
  const { session, unsaved } = await sessionForWrite(request, reply, deps);
  if (unsaved) await deps.sessions.insert(session);
  return session;
}

/**
 * The session a write will use. A new one is not stored yet (`unsaved`): the caller stores it in
 * the same transaction as its write, so a first add to cart costs one commit, not two.
 */
export async function sessionForWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SessionDeps,
): Promise<{ session: Session; unsaved: boolean }> {
  const existing = await readSession(request, deps);
  if (existing) return { session: await deps.sessions.extend(existing), unsaved: false };
  const session = newSession();
  resolved.set(request, Promise.resolve(session));
  reply.setCookie(SESSION_COOKIE, signSessionId(deps.secret, session.id), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
  return { session, unsaved: true };
}
