import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { VehicleFeatures } from '../../../../src/domain/telematics/scoring/features.ts';
import { TELEMATICS_MODEL_V1 as model } from '../../../../src/domain/telematics/scoring/model-v1.ts';
import { contributions, logRelativeRate } from '../../../../src/domain/telematics/scoring/relative-rate.ts';
import { normalCdf, scoreFromLogRate } from '../../../../src/domain/telematics/scoring/score-mapping.ts';

const scoreOf = (f: VehicleFeatures): number => scoreFromLogRate(logRelativeRate(contributions(f, model)), model.scoreLogSigma);

const reference: VehicleFeatures = {
  nightShare: model.night.referenceShare,
  speedingShare: model.speeding.referenceShare,
  harshBrakingPerHour: model.harshBraking.referencePerHour,
  harshAccelerationPerHour: model.harshAcceleration.referencePerHour,
  relativeRouteCrashIntensity: 1,
  annualKm: model.mileage.referenceAnnualKm,
};

const features = fc.record({
  nightShare: fc.double({ min: 0, max: 1, noNaN: true }),
  speedingShare: fc.double({ min: 0, max: 1, noNaN: true }),
  harshBrakingPerHour: fc.double({ min: 0, max: 60, noNaN: true }),
  harshAccelerationPerHour: fc.double({ min: 0, max: 60, noNaN: true }),
  relativeRouteCrashIntensity: fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: null }),
  annualKm: fc.double({ min: 0, max: 500_000, noNaN: true }),
});

type Key = Exclude<keyof VehicleFeatures, 'relativeRouteCrashIntensity'>;
const bumps: Array<[Key, fc.Arbitrary<number>]> = [
  ['nightShare', fc.double({ min: 0, max: 1, noNaN: true })],
  ['speedingShare', fc.double({ min: 0, max: 1, noNaN: true })],
  ['harshBrakingPerHour', fc.double({ min: 0, max: 30, noNaN: true })],
  ['harshAccelerationPerHour', fc.double({ min: 0, max: 30, noNaN: true })],
  ['annualKm', fc.double({ min: 0, max: 100_000, noNaN: true })],
];

describe('telematics relative rate and score', () => {
  it('should give the reference vehicle a rate of 1 and a score of 0.5', () => {
    assert.ok(Math.abs(logRelativeRate(contributions(reference, model))) < 1e-12);
    assert.equal(scoreOf(reference), 0.5);
  });

  it('should keep every score in [0, 1] with at most 4 decimals', () => {
    fc.assert(
      fc.property(features, (f) => {
        const s = scoreOf(f);
        return s >= 0 && s <= 1 && Math.abs(s * 10_000 - Math.round(s * 10_000)) < 1e-6;
      }),
    );
  });

  for (const [key, bump] of bumps) {
    it(`should never lower the score when ${key} rises`, () => {
      fc.assert(
        fc.property(features, bump, (f, delta) => {
          const higher = { ...f, [key]: key.endsWith('Share') ? Math.min(1, f[key] + delta) : f[key] + delta };
          return scoreOf(higher) >= scoreOf(f);
        }),
      );
    });
  }

  it('should never lower the score when route crash intensity rises', () => {
    fc.assert(
      fc.property(features, fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), (f, a, d) => {
        return scoreOf({ ...f, relativeRouteCrashIntensity: a + d }) >= scoreOf({ ...f, relativeRouteCrashIntensity: a });
      }),
    );
  });

  it('should raise the rate by the time-mixed night relative rate', () => {
    const allNight = { ...reference, nightShare: 1 };
    const c = contributions(allNight, model).find((x) => x.name === 'night_share');
    // 2.0 at night vs 1 + 1.0 × 0.03 at the reference share
    assert.ok(c && Math.abs(Math.exp(c.log) - 2 / 1.03) < 1e-12);
  });

  it('should compute the normal CDF to the 4 decimals shown', () => {
    assert.ok(Math.abs(normalCdf(0) - 0.5) < 1e-7);
    assert.ok(Math.abs(normalCdf(1) - 0.841344746) < 1e-6);
    assert.ok(Math.abs(normalCdf(-1.959963985) - 0.025) < 1e-6);
  });
});
