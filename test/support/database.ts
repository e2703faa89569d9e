// The store a test runs on: SQLite in the test's data dir, or, in the PostgreSQL pass of
// scripts/run-tests.mjs, a fresh database cloned from the fixture template (crash data included).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.ROADRISK_TEST_DATABASE_URL ?? null;
const TEMPLATE = process.env.ROADRISK_TEST_PG_TEMPLATE ?? null;

export interface TestDatabase {
  url: string | null;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL! });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Null url on SQLite; on PostgreSQL a database of its own, dropped by `drop()`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!PG_ADMIN_URL) return { url: null, drop: async () => {} };
  const name = `rr_test_${randomBytes(6).toString('hex')}`;
  await admin(async (client) => {
    // Two test processes cloning the same template at once can collide; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name}${TEMPLATE ? ` TEMPLATE ${TEMPLATE}` : ''}`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + 50 * attempt));
      }
    }
  });
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]+$/, `/${name}`),
    // Without FORCE: every connection of the test should be closed by now; wait a moment if not.
    drop: () =>
      admin(async (client) => {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 30 ? ' WITH (FORCE)' : ''}`);
            return;
          } catch (error) {
            if (!/being accessed by other users/.test(String(error))) throw error;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }),
  };
}
