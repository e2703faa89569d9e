// Sign-in and sign-out. The sign-in form carries a token also held in a short-lived cookie
// (login CSRF: nobody can sign a victim into the attacker's account), every sign-in starts a new
// session id (no fixation), and sign-out deletes the session from the store, not just the cookie.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardContext } from '../context.ts';
import { SESSION_COOKIE, SIGN_IN_COOKIE, sessionCookieOptions, signInCookieOptions } from '../cookies.ts';
import { fromSameOrigin, presentedToken, tokensMatch } from '../csrf.ts';
import { field } from '../form.ts';
import { sendPage } from '../respond.ts';
import { randomToken } from '../session-store.ts';
import { signedIn } from '../signed-in.ts';
import { REFUSED_MESSAGE, signInPage, type SignInView } from '../views/sign-in.ts';

function showForm(request: FastifyRequest, reply: FastifyReply, status: number, view: Omit<SignInView, 'csrfToken'> = {}) {
  const token = request.cookies[SIGN_IN_COOKIE] ?? randomToken();
  reply.setCookie(SIGN_IN_COOKIE, token, signInCookieOptions(request));
  return sendPage(reply, signInPage({ ...view, csrfToken: token }), status);
}

function minutes(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return n === 1 ? '1 minute' : `${n} minutes`;
}

export const signInRoutes =
  (context: DashboardContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/login', async (request, reply) => {
      if (request.dashboard) return reply.redirect('/dashboard', 303);
      return showForm(request, reply, 200);
    });

    app.post('/login', async (request, reply) => {
      const email = field(request.body, 'email');
      const expected = request.cookies[SIGN_IN_COOKIE] ?? '';
      if (!fromSameOrigin(request) || !tokensMatch(expected, presentedToken(request))) {
        return showForm(request, reply, 403, { email, error: 'The sign-in form had expired. Please sign in again.' });
      }
      const outcome = await context.signIn.attempt(email, field(request.body, 'password'), request.ip);
      if (outcome.kind === 'throttled') {
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        return showForm(request, reply, 429, { email, error: `Too many failed sign-ins. Try again in ${minutes(outcome.retryAfterSeconds)}.` });
      }
      if (outcome.kind === 'refused') return showForm(request, reply, 401, { email, error: REFUSED_MESSAGE });
      if (request.dashboard) await context.sessions.end(request.dashboard.session.idHash);
      const { id } = await context.sessions.start(outcome.account.id);
      reply.setCookie(SESSION_COOKIE, id, sessionCookieOptions(request));
      reply.clearCookie(SIGN_IN_COOKIE, signInCookieOptions(request));
      return reply.redirect('/dashboard/keys', 303);
    });
  };

/** Registered among the protected routes: it needs a session and its CSRF token. */
export const signOutRoutes =
  (context: DashboardContext): FastifyPluginAsync =>
  async (app) => {
    app.post('/logout', async (request, reply) => {
      await context.sessions.end(signedIn(request).session.idHash);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
      return reply.redirect('/dashboard/login', 303);
    });
  };
