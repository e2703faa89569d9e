// Cross-site request forgery defence for every state-changing dashboard request (OWASP CSRF
// Prevention Cheat Sheet): a synchronizer token kept with the session (or, before sign-in, in a
// cookie) that a page of ours puts in a hidden field or the X-CSRF-Token header, plus a check that
// the Origin (or, lacking it, the Referer) names this host. SameSite cookies are a third layer.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const CSRF_FIELD = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

/** host[:port], lower case, without the default ports (a browser leaves them out of Origin). */
function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:(80|443)$/, '');
}

function hostOf(url: string): string | null {
  try {
    return normalizeHost(new URL(url).host);
  } catch {
    return null;
  }
}

/**
 * True when the request says it comes from a page of this host, or says nothing (a browser always
 * sends Origin on POST; other clients still need the token). Hosts are compared without the scheme,
 * because a TLS-terminating proxy may not tell us the scheme the browser used.
 */
export function fromSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (origin === undefined) return true;
  const forwardedHost = request.headers['x-forwarded-host'];
  const host = typeof forwardedHost === 'string' ? forwardedHost.split(',')[0] : request.headers.host;
  return host !== undefined && hostOf(origin) === normalizeHost(host);
}

export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string') return header;
  const body = request.body as Record<string, unknown> | null | undefined;
  const field = body && typeof body === 'object' ? body[CSRF_FIELD] : undefined;
  return typeof field === 'string' ? field : undefined;
}

/** Constant-time comparison (of digests, so lengths may differ). */
export function tokensMatch(expected: string, presented: string | undefined): boolean {
  if (!presented || !expected) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(presented));
}
