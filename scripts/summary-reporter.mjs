// A node:test reporter that records the run's final counts (tests, pass, fail, skipped, ...) as
// JSON in the file named by ROADRISK_TEST_SUMMARY, so scripts/run-tests.mjs can add up its passes.
import { writeFileSync } from 'node:fs';

export default async function* summaryReporter(source) {
  const counts = {};
  for await (const event of source) {
    if (event.type !== 'test:diagnostic') continue;
    const match = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(event.data.message);
    if (match) counts[match[1]] = Number(match[2]);
  }
  if (process.env.ROADRISK_TEST_SUMMARY) writeFileSync(process.env.ROADRISK_TEST_SUMMARY, JSON.stringify(counts));
  yield '';
}
