import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { secondsInDailyWindow } from '../../../../src/domain/telematics/behaviour/night-window.ts';
import { vehicleClassOf } from '../../../../src/domain/telematics/behaviour/behaviour-options.ts';

const H = 3600;
const DAY = 86_400;

describe('secondsInDailyWindow', () => {
  it('should count the part of a span inside 00:00-04:00', () => {
    assert.equal(secondsInDailyWindow(DAY * 10 + 3.5 * H, H, 0, 4), 0.5 * H);
    assert.equal(secondsInDailyWindow(DAY * 10 + 23.5 * H, H, 0, 4), 0.5 * H);
    assert.equal(secondsInDailyWindow(DAY * 10 + 12 * H, H, 0, 4), 0);
  });

  it('should handle a window wrapping midnight', () => {
    assert.equal(secondsInDailyWindow(DAY * 3 + 21 * H, 8 * H, 22, 4), 6 * H);
  });

  it('should handle times before 1970 (negative local seconds)', () => {
    assert.equal(secondsInDailyWindow(-DAY + H, H, 0, 4), H);
  });
});

describe('vehicleClassOf', () => {
  it('should class body types by weight', () => {
    assert.equal(vehicleClassOf('passenger-car'), 'light');
    assert.equal(vehicleClassOf('single-unit-truck-2-axles'), 'medium');
    assert.equal(vehicleClassOf('truck-tractor'), 'heavy');
  });
});
