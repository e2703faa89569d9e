// The account holder's web dashboard under /dashboard: sign-in, API keys, usage, jobs and the
// explore map, rendered on the server. It shares the API's services but not its authentication:
// pages use a session cookie, never a bearer key, and are not counted as API usage.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import type { Services } from '../services.ts';
import { dashboardContext, type DashboardContext } from './context.ts';
import { acceptFormPosts } from './form.ts';
import { sendErrorPage } from './respond.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { loadSignedIn, requireCsrf, requireSignedIn } from './signed-in.ts';
import { staticRoutes } from './routes/static.ts';
import { signInRoutes, signOutRoutes } from './routes/sign-in.ts';
import { keyRoutes } from './routes/keys.ts';
import { usageRoutes } from './routes/usage.ts';
import { jobRoutes } from './routes/jobs.ts';
import { exploreRoutes } from './routes/explore.ts';

function installErrorPages(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'dashboard fault');
    const message =
      status === 413 ? 'That form is too large.' : status < 500 ? 'The request could not be read.' : `Something went wrong on our side (request ${request.id}).`;
    return sendErrorPage(request, reply, status, message);
  });
  app.setNotFoundHandler((request, reply) => sendErrorPage(request, reply, 404, 'There is no such page.'));
}

/** Pages that need a signed-in holder; anything but GET also needs the session's CSRF token. */
const holderRoutes =
  (context: DashboardContext): FastifyPluginAsync =>
  async (app) => {
    app.addHook('preHandler', requireSignedIn);
    app.addHook('preHandler', requireCsrf);
    app.get('/', async (_request, reply) => reply.redirect('/dashboard/keys', 303));
    await app.register(keyRoutes(context));
    await app.register(usageRoutes(context));
    await app.register(jobRoutes(context));
    await app.register(exploreRoutes(context));
    await app.register(signOutRoutes(context));
  };

export const dashboardRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    const context = dashboardContext(services);
    await app.register(
      async (dashboard) => {
        // Dashboard pages are not part of the API's OpenAPI document.
        dashboard.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, hide: true };
        });
        await dashboard.register(cookie);
        acceptFormPosts(dashboard);
        installSecurityHeaders(dashboard);
        installErrorPages(dashboard);
        dashboard.decorateRequest('dashboard', null);
        await dashboard.register(staticRoutes);
        await dashboard.register(async (withSession) => {
          withSession.addHook('onRequest', loadSignedIn(context));
          await withSession.register(signInRoutes(context));
          await withSession.register(holderRoutes(context));
        });
      },
      { prefix: '/dashboard' },
    );
  };
