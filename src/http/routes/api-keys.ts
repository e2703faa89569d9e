// API key management (decisions §3): list, create (admin), revoke (admin, or a key revoking itself).
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import { AccountError, type KeyRole } from '../../accounts/account-service.ts';
import type { Environment } from '../../accounts/plans.ts';
import { authErrorResponses, Detail } from '../schemas/common.ts';
import { ApiKeyList, CreateApiKeyRequest, CreatedApiKey, KeyParams, RevokedMessage } from '../schemas/api-keys.ts';
import { ApiError, RequestValidationError, valueErrorItem } from '../errors.ts';
import { callerOf, requireAdmin } from '../auth.ts';
import { parseDateTimeLax } from '../validation/pydantic.ts';

const access = { usage: 'api-keys' };

export const apiKeyRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/v1/api-keys',
      {
        config: { access },
        schema: { tags: ['api keys'], summary: "The account's API keys (never the secrets)", response: { 200: ApiKeyList, ...authErrorResponses } },
      },
      async (req) => services.accounts.listKeys(callerOf(req).account.id),
    );

    app.post(
      '/v1/api-keys',
      {
        config: { access },
        schema: {
          tags: ['api keys'],
          summary: 'Create an API key; its secret is returned this one time only',
          body: CreateApiKeyRequest,
          response: { 200: CreatedApiKey, ...authErrorResponses },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        requireAdmin(caller);
        const body = req.body as CreateApiKeyRequest;
        let expiresAt: string | null = null;
        if (body.expires_at) {
          const at = parseDateTimeLax(body.expires_at);
          if (at.getTime() <= services.now().getTime()) {
            throw new RequestValidationError([valueErrorItem(['body', 'expires_at'], 'expires_at must be in the future', body.expires_at)]);
          }
          expiresAt = at.toISOString();
        }
        return services.accounts.createKey({
          accountId: caller.account.id,
          name: body.name,
          environment: (body.environment ?? 'production') as Environment,
          role: (body.role ?? 'standard') as KeyRole,
          expiresAt,
        });
      },
    );

    app.delete(
      '/v1/api-keys/:key_id',
      {
        config: { access },
        schema: {
          tags: ['api keys'],
          summary: 'Revoke an API key at once',
          params: KeyParams,
          response: { 200: RevokedMessage, 404: Detail, ...authErrorResponses },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const { key_id: keyId } = req.params as { key_id: string };
        if (keyId !== caller.key.id) requireAdmin(caller);
        try {
          await services.accounts.revokeKey(caller.account.id, keyId);
        } catch (error) {
          if (error instanceof AccountError) throw new ApiError('not_found', 'API key not found');
          throw error;
        }
        return { message: 'API key revoked' };
      },
    );
  };
