// Who is signed in, resolved once per dashboard request from the session cookie, and the guards
// that protected routes run: a signed-in holder (else the sign-in page, or 401 for the JSON
// endpoints) and, for anything that changes state, a same-origin request with the session's token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountRow } from '../storage/repositories/accounts.ts';
import { isPlanName, type PlanName } from '../accounts/plans.ts';
import type { DashboardSession } from './session-store.ts';
import type { DashboardContext } from './context.ts';
import { SESSION_COOKIE } from './cookies.ts';
import { fromSameOrigin, presentedToken, tokensMatch } from './csrf.ts';
import { sendErrorPage } from './respond.ts';

export interface SignedIn {
  session: DashboardSession;
  account: AccountRow & { plan: PlanName };
}

declare module 'fastify' {
  interface FastifyRequest {
    dashboard: SignedIn | null;
  }
}

export function loadSignedIn(context: DashboardContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return;
    const session = await context.sessions.resolve(id);
    if (!session) return;
    const account = await context.accounts.findById(session.accountId);
    if (!account || !isPlanName(account.plan)) return;
    request.dashboard = { session, account: account as SignedIn['account'] };
  };
}

/** Hooks answer by returning the reply, which ends the request there (Fastify's async hooks). */
export async function requireSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.dashboard) return undefined;
  if (request.url.startsWith('/dashboard/api/')) return reply.code(401).send({ detail: 'Not signed in' });
  return reply.redirect('/dashboard/login', 303);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Runs after requireSignedIn, once the body (which may carry the token) is parsed. */
export async function requireCsrf(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const expected = request.dashboard?.session.csrfToken ?? '';
  if (fromSameOrigin(request) && tokensMatch(expected, presentedToken(request))) return undefined;
  return sendErrorPage(request, reply, 403, 'This form has expired or did not come from the dashboard. Go back, reload the page and try again.');
}

export function signedIn(request: FastifyRequest): SignedIn {
  if (!request.dashboard) throw new Error('dashboard route without the signed-in guard');
  return request.dashboard;
}
