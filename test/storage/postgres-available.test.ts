// Checks the pass runs on the engine it claims, and makes a missing PostgreSQL visible in the
// summary: that pass is skipped with the install command instead of passing silently
// (scripts/run-tests.mjs runs this file alone when the server binaries are missing).
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../support/test-app.ts';
import { PG_ADMIN_URL } from '../support/database.ts';

const missing = process.env.ROADRISK_TEST_PG_MISSING;

it(
  missing ? `PostgreSQL tests skipped: server binaries not found (install: ${missing})` : 'runs on the engine of this pass, migrated',
  { skip: Boolean(missing) },
  async () => {
    const t = await createTestApp();
    try {
      assert.equal(t.services.store.engine, PG_ADMIN_URL ? 'postgres' : 'sqlite');
      const keys = await t.services.store.db.selectFrom('api_keys').select('id').execute();
      assert.ok(keys.length > 0);
    } finally {
      await t.close();
    }
  },
);
