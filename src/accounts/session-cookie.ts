import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from '../platform/session/session-cookie.ts';
import { SESSION_COOKIE, signSessionId, type Session } from '../platform/session/session.ts';

/** Hands the browser the session it goes on with after logging in (a Fastify answer). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  session: Session,
): void {
  reply.setCookie(
    SESSION_COOKIE,
    signSessionId(secret, session.id),
    sessionCookieOptions(request.protocol === 'https'),
  );
}
