import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadSettings, SettingsError } from '../src/config.ts';
import { parsePlanCatalog, loadPlanCatalog, keyRateLimit, PlanConfigError } from '../src/accounts/plans.ts';

describe('settings', () => {
  it('has the documented defaults', () => {
    const s = loadSettings({}, '/srv/roadrisk');
    assert.equal(s.port, 8000);
    assert.equal(s.host, '127.0.0.1');
    assert.equal(s.dataDir, '/srv/roadrisk/var');
    assert.equal(s.sourceDataDir, '/srv/shared/data');
    assert.equal(s.databaseUrl, null);
    assert.equal(s.maxUploadBytes, 1024 ** 3 - 1);
    assert.equal(s.jobRetentionDays, 30);
    assert.equal(s.bootstrapApiKey, null);
    assert.equal(s.apiProcesses, 1);
  });

  const bad: [string, string][] = [
    ['ROADRISK_PORT', 'eighty'],
    ['ROADRISK_PORT', '70000'],
    ['ROADRISK_WORKERS', '-1'],
    ['ROADRISK_API_PROCESSES', '0'],
    ['ROADRISK_MAX_UPLOAD_BYTES', '0'],
    ['ROADRISK_JOB_RETENTION_DAYS', '1.5'],
    ['ROADRISK_DATABASE_URL', 'mysql://localhost/db'],
    ['ROADRISK_BOOTSTRAP_API_KEY', 'too-short'],
    ['ROADRISK_LOG_LEVEL', 'loud'],
  ];
  for (const [name, value] of bad) {
    it(`refuses ${name}=${value} naming the setting`, () => {
      assert.throws(() => loadSettings({ [name]: value }), (e: unknown) => e instanceof SettingsError && e.setting === name);
    });
  }
});

describe('plans file', () => {
  it('has the default plans of decisions §4', () => {
    const catalog = loadPlanCatalog();
    assert.deepEqual([...catalog.plans.trial.endpoints].sort(), ['ca-garaging', 'crash-aggregate', 'ppa-garaging']);
    assert.ok(catalog.plans.standard.endpoints.has('ppa-telematics'));
    assert.ok(!catalog.plans.standard.endpoints.has('ca-telematics'));
    assert.equal(catalog.plans.enterprise.endpoints.size, 5);
    assert.deepEqual(
      [catalog.plans.trial, catalog.plans.standard, catalog.plans.enterprise].map((p) => [p.requestsPerMinute, p.concurrentTelematicsJobs]),
      [[60, 0], [600, 2], [6000, 8]],
    );
    assert.equal(keyRateLimit(catalog, 'standard', 'sandbox'), 60);
  });

  it('refuses an unknown endpoint or a missing plan', () => {
    assert.throws(() => parsePlanCatalog({ plans: {} }), PlanConfigError);
    const plans = { trial: { endpoints: ['teleport'], requestsPerMinute: 1, concurrentTelematicsJobs: 0 } };
    assert.throws(() => parsePlanCatalog({ plans }), /unknown endpoint/);
  });
});
