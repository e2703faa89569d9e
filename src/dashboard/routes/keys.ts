// API keys, through the same AccountService as /v1/api-keys: list, create (secret shown once,
// never cached), revoke after confirmation. The holder is the account's owner, so any role may be
// created here.
import type { FastifyPluginAsync } from 'fastify';
import { AccountError, ENVIRONMENTS, KEY_ROLES, type KeyRole } from '../../accounts/account-service.ts';
import type { Environment } from '../../accounts/plans.ts';
import type { DashboardContext } from '../context.ts';
import { field } from '../form.ts';
import { sendErrorPage, sendPage } from '../respond.ts';
import { signedIn } from '../signed-in.ts';
import { holderOf } from '../views/layout.ts';
import { keysPage, revokePage, type KeyFormValues } from '../views/keys.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The create form's rules, as POST /v1/api-keys has them (name 1–100, expiry in the future). */
export function keyFormErrors(values: KeyFormValues, now: Date): string[] {
  const errors: string[] = [];
  const name = values.name.trim();
  if (name.length < 1 || name.length > 100) errors.push('Name must be 1 to 100 characters.');
  if (!(ENVIRONMENTS as readonly string[]).includes(values.environment)) errors.push('Pick an environment.');
  if (!(KEY_ROLES as readonly string[]).includes(values.role)) errors.push('Pick a role.');
  if (values.expires_on !== '') {
    const at = DATE.test(values.expires_on) ? Date.parse(`${values.expires_on}T00:00:00Z`) : NaN;
    if (Number.isNaN(at)) errors.push('The expiry date must be a date (YYYY-MM-DD).');
    else if (at <= now.getTime()) errors.push('The expiry date must be in the future.');
  }
  return errors;
}

export const keyRoutes =
  ({ services }: DashboardContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/keys', async (request, reply) => {
      const holder = signedIn(request);
      const keys = await services.accounts.listKeys(holder.account.id);
      const revokedId = field(request.query, 'revoked');
      const revoked = keys.find((k) => k.key_id === revokedId && k.revoked_at);
      return sendPage(reply, keysPage({ holder: holderOf(holder), keys, now: services.now(), revoked }));
    });

    app.post('/keys', async (request, reply) => {
      const holder = signedIn(request);
      const values: KeyFormValues = {
        name: field(request.body, 'name'),
        environment: field(request.body, 'environment'),
        role: field(request.body, 'role'),
        expires_on: field(request.body, 'expires_on'),
      };
      const now = services.now();
      const errors = keyFormErrors(values, now);
      if (errors.length === 0) {
        const created = await services.accounts.createKey({
          accountId: holder.account.id,
          name: values.name.trim(),
          environment: values.environment as Environment,
          role: values.role as KeyRole,
          expiresAt: values.expires_on ? new Date(`${values.expires_on}T00:00:00Z`).toISOString() : null,
        });
        const keys = await services.accounts.listKeys(holder.account.id);
        return sendPage(reply, keysPage({ holder: holderOf(holder), keys, now, created }));
      }
      const keys = await services.accounts.listKeys(holder.account.id);
      return sendPage(reply, keysPage({ holder: holderOf(holder), keys, now, values, errors }), 400);
    });

    app.get('/keys/:keyId/revoke', async (request, reply) => {
      const holder = signedIn(request);
      const { keyId } = request.params as { keyId: string };
      const key = (await services.accounts.listKeys(holder.account.id)).find((k) => k.key_id === keyId);
      if (!key) return sendErrorPage(request, reply, 404, 'There is no such key in this account.');
      return sendPage(reply, revokePage(holderOf(holder), key));
    });

    app.post('/keys/:keyId/revoke', async (request, reply) => {
      const holder = signedIn(request);
      const { keyId } = request.params as { keyId: string };
      try {
        await services.accounts.revokeKey(holder.account.id, keyId);
      } catch (error) {
        if (error instanceof AccountError) return sendErrorPage(request, reply, 404, 'There is no such key in this account.');
        throw error;
      }
      return reply.redirect(`/dashboard/keys?revoked=${encodeURIComponent(keyId)}`, 303);
    });
  };
