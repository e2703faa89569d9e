// Helpers for dashboard tests through app.inject: account holders with passwords, signing in as a
// browser would (sign-in page, its token cookie, the form post), and posting forms with the
// session's CSRF token.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/accounts/passwords.ts';
import type { Services } from '../../src/services.ts';
import type { AccountRow } from '../../src/storage/repositories/accounts.ts';
import { newId } from '../../src/accounts/key-secret.ts';

/** What inject sends as Host; a browser on this page sends this Origin. */
export const ORIGIN = 'http://localhost';
export const FORM = 'application/x-www-form-urlencoded';

let counter = 0;

export async function createHolder(services: Services, plan = 'enterprise', password = 'a long enough password'): Promise<AccountRow & { password: string }> {
  counter += 1;
  const name = `holder-${process.pid}-${counter}`;
  const account = await services.accounts.createAccount({ name, plan, email: `${name}@example.com`, passwordHash: await hashPassword(password) });
  return { ...account, password };
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of response.cookies) out[c.name] = c.value;
  return out;
}

export function csrfTokenIn(html: string): string {
  const match = /name="csrf_token" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF token on the page');
  return match[1];
}

export async function postSignIn(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) {
  const page = await app.inject({ method: 'GET', url: '/dashboard/login' });
  const cookie = `roadrisk_sign_in=${cookiesOf(page).roadrisk_sign_in}`;
  return app.inject({
    method: 'POST',
    url: '/dashboard/login',
    headers: { cookie, origin: ORIGIN, 'content-type': FORM, ...headers },
    payload: new URLSearchParams({ csrf_token: csrfTokenIn(page.body), email, password }).toString(),
  });
}

export interface Browser {
  cookie: string;
  sessionId: string;
  get(url: string): Promise<LightMyRequestResponse>;
  csrfToken(): Promise<string>;
  post(url: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Signs in and returns a client that carries the session cookie. */
export async function signIn(app: FastifyInstance, holder: { email: string | null; password: string }): Promise<Browser> {
  const response = await postSignIn(app, holder.email!, holder.password);
  const sessionId = cookiesOf(response).roadrisk_session;
  if (response.statusCode !== 303 || !sessionId) throw new Error(`sign-in failed: ${response.statusCode}`);
  const cookie = `roadrisk_session=${sessionId}`;
  const browser: Browser = {
    cookie,
    sessionId,
    get: (url) => app.inject({ method: 'GET', url, headers: { cookie } }),
    csrfToken: async () => csrfTokenIn((await browser.get('/dashboard/keys')).body),
    post: (url, fields, headers = {}) =>
      app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN, 'content-type': FORM, ...headers }, payload: new URLSearchParams(fields).toString() }),
  };
  return browser;
}

/** A telematics job of the account, taken through the queue's own states to `status`. */
export async function addJob(
  services: Services,
  accountId: string,
  status: 'pending' | 'completed',
  result: unknown = { job_type: 'ppa-telematics-risk-score', vehicle_risk_scores: [] },
): Promise<string> {
  const id = newId('job_');
  const now = services.now();
  await services.jobs.insert({
    id,
    account_id: accountId,
    job_type: 'ppa-telematics',
    status: 'pending',
    policy_holder_id: `ph-${id.slice(-6)}`,
    naics_code: null,
    version: 'v1',
    callback_url: null,
    upload_dir: null,
    // A job left pending allows no running jobs, so the queue never claims it in place of a later one.
    max_running: status === 'pending' ? 0 : 8,
    created_at: now.toISOString(),
  });
  if (status === 'completed') {
    const claimed = await services.jobs.claim('test-worker', now, 60_000);
    if (claimed?.id !== id) throw new Error('another job was waiting in the queue');
    await services.jobs.finish(id, 'test-worker', { status: 'completed', resultJson: JSON.stringify(result) }, now, 30 * 86_400_000);
  }
  return id;
}
