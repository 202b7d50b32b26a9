import fastifyCookie from '@fastify/cookie';
import { SESSION_LIFETIME_MS } from '../constants/index.ts';
import { SESSION_COOKIE, signSessionId, type Session } from './session.ts';

/** The session cookie's attributes, the same wherever it is written. */
export function sessionCookieOptions(secure: boolean) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: SESSION_LIFETIME_MS / 1000,
  };
}

/**
 * A `Set-Cookie` value that hands the browser a session (after logging in), or, with null,
 * takes it away (after logging out). For answers written as a Response (page actions); Fastify
 * handlers use `reply.setCookie` with the same options.
 */
export function sessionCookieHeader(
  secret: string,
  session: Session | null,
  secure: boolean,
): string {
  if (!session)
    return fastifyCookie.serialize(SESSION_COOKIE, '', {
      ...sessionCookieOptions(secure),
      maxAge: 0,
      expires: new Date(0),
    });
  return fastifyCookie.serialize(
    SESSION_COOKIE,
    signSessionId(secret, session.id),
    sessionCookieOptions(secure),
  );
}
