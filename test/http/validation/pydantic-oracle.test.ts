// Differential test: random bodies validated here and by real pydantic (pydantic_oracle.py) must
// give identical 422 items. Skipped when python3 with pydantic 2 is not installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { validateBody } from '../../../src/http/validation/body-errors.ts';
import { SAMPLE_SCHEMA, sampleBody } from './fixtures/sample-schema.ts';

const ORACLE = new URL('./fixtures/pydantic_oracle.py', import.meta.url).pathname;
const hasPydantic =
  spawnSync('python3', ['-c', 'import pydantic, sys; sys.exit(0 if int(pydantic.VERSION.split(".")[0]) >= 2 else 1)']).status === 0;

function askPydantic(bodies: unknown[]): unknown[] {
  const dir = mkdtempSync(join(tmpdir(), 'roadrisk-oracle-'));
  try {
    const file = join(dir, 'bodies.json');
    writeFileSync(file, JSON.stringify(bodies));
    const run = spawnSync('python3', [ORACLE, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(run.stdout) as unknown[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('random bodies get the same 422 items as pydantic', { skip: !hasPydantic && 'python3 + pydantic 2 not installed' }, () => {
  const bodies = fc.sample(sampleBody, { numRuns: 1500, seed: 20240611 });
  const expected = askPydantic(bodies);
  const mismatches: string[] = [];
  bodies.forEach((body, index) => {
    const ours = validateBody(SAMPLE_SCHEMA, JSON.stringify(body), 'application/json');
    const theirs = expected[index];
    const mine = ours.ok ? 'OK' : ours.status === 422 ? ours.errors : `status ${ours.status}`;
    try {
      assert.deepEqual(mine, theirs);
    } catch {
      mismatches.push(`body ${JSON.stringify(body)}\n  ours:     ${JSON.stringify(mine)}\n  pydantic: ${JSON.stringify(theirs)}`);
    }
  });
  assert.deepEqual(mismatches.slice(0, 3), [], `${mismatches.length} of ${bodies.length} differ`);
});
