import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { summarizeUsage, usageDays } from '../../src/dashboard/usage-summary.ts';
import { tickStep } from '../../src/dashboard/views/usage-chart.ts';

const today = new Date('2025-06-01T12:00:00Z');

describe('usage summary', () => {
  it('covers the 30 UTC days ending today, oldest first', () => {
    const days = usageDays(today);
    assert.equal(days.length, 30);
    assert.equal(days[0], '2025-05-03');
    assert.equal(days[29], '2025-06-01');
  });

  it('totals per day, endpoint and key, ignoring days outside the window', () => {
    const summary = summarizeUsage(
      [
        { key_id: 'k1', day: '2025-06-01', endpoint: 'crash-aggregate', requests: 5 },
        { key_id: 'k2', day: '2025-06-01', endpoint: 'crash-aggregate', requests: 2 },
        { key_id: 'k1', day: '2025-06-01', endpoint: 'ppa-garaging', requests: 1 },
        { key_id: 'k1', day: '2025-05-20', endpoint: 'api-keys', requests: 4 },
        { key_id: 'k1', day: '2025-05-02', endpoint: 'api-keys', requests: 100 },
      ],
      today,
    );
    assert.equal(summary.total, 12);
    assert.deepEqual(summary.endpoints, ['api-keys', 'crash-aggregate', 'ppa-garaging']);
    const last = summary.days[29];
    assert.equal(last.total, 8);
    assert.equal(last.byEndpoint.get('crash-aggregate'), 7);
    assert.deepEqual([...summary.todayByKey], [['k1', 6], ['k2', 2]]);
    assert.equal(summary.days.find((d) => d.day === '2025-05-20')?.total, 4);
  });

  it('picks chart steps of 1, 2 or 5 × 10^n whose 4 ticks reach the largest day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const step = tickStep(max);
        assert.ok(step * 4 >= max);
        assert.match(String(step), /^[125]0*$/);
        if (max > 4) assert.ok(step * 4 < max * 2.5 + 4, `step ${step} for ${max} is not the smallest`);
      }),
    );
  });
});
