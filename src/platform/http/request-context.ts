import type { FastifyReply, FastifyRequest } from 'fastify';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';
import { createNonce, verifyNonce } from '../nonce/nonce.ts';
import { sessionCookieOptions } from '../session/session-cookie.ts';
import {
  SESSION_COOKIE,
  signCartToken,
  signSessionId,
  type Session,
  type SessionRepo,
} from '../session/session.ts';
import type { SettingsStore } from '../settings/settings.ts';
import {
  ensureSession,
  readSession,
  sessionForWrite,
  type SessionDeps,
} from './request-session.ts';

type Notice = Parameters<SessionRepo['addNotice']>[1];

/**
 * What one request knows, the same for Fastify routes and React Router loaders and actions: the
 * visitor's session (read once, created on the first write), nonces bound to that session, the
 * shop's settings and the client's address. Doors use it instead of the shop's secret.
 */
export interface RequestContext {
  readSession(): Promise<Session | undefined>;
  /** The session, created (with its cookie) and stored now if the visitor has none. */
  ensureSession(): Promise<Session>;
  /** The session a write will use; a new one (`unsaved`) is stored by the write itself. */
  sessionForWrite(): Promise<{ session: Session; unsaved: boolean }>;
  /** The browser goes on with this session (logged in, or signed up): its cookie is set. */
  handOver(session: Session): void;
  /** A nonce for an action, bound to the visitor's session (none yet: bound to no session). */
  createNonce(action: string): Promise<string>;
  verifyNonce(action: string, nonce: string | undefined): Promise<boolean>;
  /** The Store API's `Cart-Token` for the visitor's session. */
  cartToken(sessionId: string): string;
  /** A notice waiting for the visitor's next page (their session is created if needed). */
  addNotice(notice: Notice): Promise<void>;
  settings: SettingsStore;
  /** The visitor's address (behind a trusted proxy, the forwarded one): per-IP limits. */
  clientIp: string;
  /** Where the request came to (`https://shop.example`): the base of absolute return URLs. */
  origin: string;
}

export interface RequestContextDeps extends SessionDeps {
  settings: SettingsStore;
}

export type RequestContexts = (request: FastifyRequest, reply: FastifyReply) => RequestContext;

/** Built once by the composition root; every route and page asks it for its request's context. */
export function requestContexts(deps: RequestContextDeps): RequestContexts {
  return (request, reply) => {
    const read = () => readSession(request, deps);
    return {
      readSession: read,
      ensureSession: () => ensureSession(request, reply, deps),
      sessionForWrite: () => sessionForWrite(request, reply, deps),
      handOver(session) {
        const secure = request.protocol === 'https';
        reply.setCookie(
          SESSION_COOKIE,
          signSessionId(deps.secret, session.id),
          sessionCookieOptions(secure),
        );
      },
      async createNonce(action) {
        return createNonce(deps.secret, action, (await read())?.id ?? '');
      },
      async verifyNonce(action, nonce) {
        return verifyNonce(deps.secret, nonce, action, (await read())?.id ?? '');
      },
      cartToken: (sessionId) => signCartToken(deps.secret, sessionId),
      async addNotice(notice) {
        const session = await ensureSession(request, reply, deps);
        await deps.sessions.addNotice(session.id, notice);
      },
      settings: deps.settings,
      clientIp: request.ip,
      origin: `${request.protocol}://${request.host}`,
    };
  };
}

/** A write's nonce: missing is a 401, wrong (or another session's) a 403. */
export async function requireNonce(
  context: RequestContext,
  action: string,
  nonce: string | undefined,
): Promise<void> {
  if (!nonce) throw new ShopError('missing_nonce', messages.missingNonce, 401);
  if (!(await context.verifyNonce(action, nonce))) {
    throw new ShopError('invalid_nonce', messages.invalidNonce, 403);
  }
}
