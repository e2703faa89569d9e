import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isVehicleScoreError, scoreVehicleTrack } from '../../../../src/domain/telematics/scoring/index.ts';
import { SyntheticTrack, stateByLongitude } from '../trips/synthetic-track.ts';

const deps = { stateOf: stateByLongitude, utcOffsetMinutes: () => -300, crashDensityAt: () => 1, nationalCrashDensity: 1 };

// SYNTHETIC random drives: sequences of drives, stops and gaps at random speeds, headings and rates.
const segment = fc.oneof(
  fc.record({ kind: fc.constant('drive' as const), s: fc.integer({ min: 1, max: 900 }), mph: fc.integer({ min: 0, max: 95 }), heading: fc.integer({ min: 0, max: 359 }), step: fc.constantFrom(1, 1, 2, 30) }),
  fc.record({ kind: fc.constant('stop' as const), s: fc.integer({ min: 1, max: 900 }), jitter: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ kind: fc.constant('gap' as const), s: fc.integer({ min: 1, max: 3600 }), move: fc.integer({ min: 0, max: 80_000 }) }),
);

describe('scoreVehicleTrack on random synthetic tracks', () => {
  it('should never throw, and keep exposure, shares and the score consistent', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), (segments) => {
        const t = new SyntheticTrack().point();
        for (const g of segments) {
          if (g.kind === 'drive') t.drive(g.s, g.mph, g.heading, g.step);
          else if (g.kind === 'stop') t.stop(g.s, 1, g.jitter);
          else t.gap(g.s, g.move);
        }
        const r = scoreVehicleTrack({ vehicleId: 'x', ...t.build() }, deps);
        if (isVehicleScoreError(r)) return r.error_reason.length > 0;
        assert.ok(r.vehicle_risk_score >= 0 && r.vehicle_risk_score <= 1);
        assert.ok(r.exposure_seconds >= 600 && r.num_trips >= 1);
        assert.equal(r.state_exposure.reduce((s, e) => s + e.exposure_seconds, 0), r.exposure_seconds);
        assert.ok(Math.abs(r.state_exposure.reduce((s, e) => s + e.share, 0) - 1) < 1e-12);
        assert.ok(r.figures.night_share >= 0 && r.figures.night_share <= 1);
        assert.ok(r.figures.speeding_share >= 0 && r.figures.speeding_share <= 1);
        assert.ok(r.start <= r.end);
        return true;
      }),
      { numRuns: 60 },
    );
  });
});
