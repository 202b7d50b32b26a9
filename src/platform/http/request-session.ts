import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../constants/index.ts';
import {
  newSession,
  SESSION_COOKIE,
  signSessionId,
  unsignSessionToken,
  type Session,
  type SessionRepo,
} from '../session/session.ts';

export interface SessionDeps {
  sessions: SessionRepo;
  secret: string;
}

const resolved = new WeakMap<FastifyRequest, Promise<Session | undefined>>();

/** The token a request carries: the session cookie, or a Store API `Cart-Token` header. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers['cart-token'];
  return request.cookies[SESSION_COOKIE] ?? (typeof header === 'string' ? header : undefined);
}

/** Whether raw request headers carry a session token: cheap, for the page cache's decision. */
export function hasSessionToken(headers: IncomingHttpHeaders): boolean {
  return (
    headers['cart-token'] !== undefined || (headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false)
  );
}

/** The request's session, if it has a valid one. Read once per request. */
export function readSession(
  request: FastifyRequest,
  deps: SessionDeps,
): Promise<Session | undefined> {
  let pending = resolved.get(request);
  if (!pending) {
    const id = unsignSessionToken(deps.secret, sessionToken(request));
    pending = id ? deps.sessions.find(id) : Promise.resolve(undefined);
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
