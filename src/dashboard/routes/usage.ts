// The usage page's figures: the account's counters of the last 30 days, its keys' rates, and its
// telematics jobs against the plan.
import type { FastifyPluginAsync } from 'fastify';
import { keyRateLimit } from '../../accounts/plans.ts';
import type { DashboardContext } from '../context.ts';
import { sendPage } from '../respond.ts';
import { signedIn } from '../signed-in.ts';
import { summarizeUsage, usageDays } from '../usage-summary.ts';
import { holderOf } from '../views/layout.ts';
import { usagePage, type KeyLoad } from '../views/usage.ts';

/** Minutes in a day: a key's daily ceiling is its per-minute rate sustained all day. */
const MINUTES_PER_DAY = 1440;

export const usageRoutes =
  ({ services }: DashboardContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/usage', async (request, reply) => {
      const holder = signedIn(request);
      const account = holder.account;
      const now = services.now();
      const rows = await services.usageRepository.forAccount(account.id, usageDays(now)[0]);
      const summary = summarizeUsage(rows, now);
      const keyLoads: KeyLoad[] = (await services.accounts.listKeys(account.id))
        .filter((key) => summary.todayByKey.has(key.key_id) || !key.revoked_at)
        .map((key) => {
          const perMinute = keyRateLimit(services.plans, account.plan, key.environment);
          return { key, today: summary.todayByKey.get(key.key_id) ?? 0, perMinute, dailyCeiling: perMinute * MINUTES_PER_DAY };
        });
      // Running jobs are recent, so the latest 100 hold them all; waiting ones are counted exactly.
      const running = (await services.jobs.listForAccount(account.id)).filter((j) => j.status === 'processing').length;
      const active = await services.jobs.countActive(account.id);
      return sendPage(
        reply,
        usagePage({
          holder: holderOf(holder),
          summary,
          plan: services.plans.plans[account.plan],
          sandboxRateDivisor: services.plans.sandboxRateDivisor,
          keyLoads,
          jobsRunning: running,
          jobsQueued: Math.max(0, active - running),
        }),
      );
    });
  };
