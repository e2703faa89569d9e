// The dashboard's cookies. The session cookie is HttpOnly (scripts never see it), SameSite=Lax
// (sent on top-level navigation from a link, never on cross-site POSTs or fetches), scoped to
// /dashboard (API requests never carry it), and Secure whenever the request came over TLS or
// through a TLS-terminating proxy. It has no Max-Age: it ends with the browser, and the server
// ends the session on its own timeouts (session-store.ts).
import type { FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'roadrisk_session';
/** Holds the sign-in form's CSRF token until the holder signs in (double-submit). */
export const SIGN_IN_COOKIE = 'roadrisk_sign_in';
const SIGN_IN_COOKIE_SECONDS = 60 * 60;

export function cameOverTls(request: FastifyRequest): boolean {
  if ((request.raw.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

export function sessionCookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/dashboard', httpOnly: true, sameSite: 'lax', secure: cameOverTls(request) };
}

export function signInCookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/dashboard/login', httpOnly: true, sameSite: 'strict', secure: cameOverTls(request), maxAge: SIGN_IN_COOKIE_SECONDS };
}
