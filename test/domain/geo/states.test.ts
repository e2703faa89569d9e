import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  STATE_FALLBACK_KM, createStateLocator, stateLocator,
} from '../../../src/domain/geo/states.ts';
import { loadStateEdges, toIndexLon } from '../../../src/domain/geo/state-edges.ts';
import { haversineKm } from '../../../src/domain/geo/distance.ts';
import { US_STATES } from '../../../src/domain/geo/us-states.ts';

const locator = stateLocator();

test('known places land in their state', () => {
  const cases: Array<[string, number, number, string]> = [
    ['Oakland City Hall', 37.8053, -122.2725, 'CA'],
    ['Times Square, New York', 40.758, -73.9855, 'NY'],
    ['the Loop, Chicago', 41.8781, -87.6298, 'IL'],
    ['Denver', 39.7392, -104.9903, 'CO'],
    ['White House, Washington DC', 38.8977, -77.0365, 'DC'],
    ['Honolulu', 21.3069, -157.8583, 'HI'],
    ['Anchorage', 61.2181, -149.9003, 'AK'],
    ['Adak, Aleutians (west of 180° is east longitude)', 51.88, -176.65, 'AK'],
    ['Attu Island, 173°E', 52.9, 173.1, 'AK'],
    ['Nogales AZ', 31.3404, -110.9343, 'AZ'],
  ];
  for (const [name, lat, lon, state] of cases) assert.equal(locator.stateOf(lat, lon), state, name);
});

test('water, Canada and Mexico are in no state', () => {
  const cases: Array<[string, number, number]> = [
    ['Lake Michigan, mid-lake', 43.5, -87.3],
    ['Pacific Ocean', 35, -130],
    ['Gulf of Mexico', 26, -90],
    ['Toronto', 43.6532, -79.3832],
    ['Tijuana (3 km from California)', 32.5149, -117.0382],
    ['Ciudad Juárez centre (1 km from Texas)', 31.7385, -106.487],
    ['Windsor ON (1 km from Michigan)', 42.3149, -83.0364],
    ['Null Island', 0, 0],
    ['London', 51.5, -0.12],
  ];
  for (const [name, lat, lon] of cases) assert.equal(locator.stateOf(lat, lon), null, name);
});

test('a point just offshore is within the coastal tolerance, far offshore is not', () => {
  // 1.5 km east of Miami Beach's shoreline, in the Atlantic.
  assert.equal(locator.containingState(25.79, -80.113), null);
  assert.equal(locator.stateOf(25.79, -80.113), 'FL');
  // 20 km offshore.
  assert.equal(locator.stateOf(25.79, -79.93), null);
  assert.equal(STATE_FALLBACK_KM, 5);
});

test('without the tolerance the offshore point has no state', () => {
  const strict = createStateLocator({ fallbackKm: 0 });
  assert.equal(strict.stateOf(25.79, -80.113), null);
  assert.equal(strict.stateOf(37.8053, -122.2725), 'CA');
});

test('invalid coordinates give null, never throw', () => {
  assert.equal(locator.stateOf(Number.NaN, -100), null);
  assert.equal(locator.stateOf(40, Number.POSITIVE_INFINITY), null);
  assert.equal(locator.stateOf(95, -100), null);
  assert.deepEqual(locator.statesWithinRadius(Number.NaN, -100, 10), []);
});

test('statesWithinRadius: the containing state and its near neighbours', () => {
  assert.deepEqual(locator.statesWithinRadius(39.7392, -104.9903, 10), ['CO']);
  assert.deepEqual(locator.statesWithinRadius(38.8977, -77.0365, 10), ['DC', 'MD', 'VA']);
  // Kansas City MO sits on the Kansas line.
  assert.deepEqual(locator.statesWithinRadius(39.0997, -94.5786, 5), ['KS', 'MO']);
  // Four Corners: all four states within 1 km.
  assert.deepEqual(locator.statesWithinRadius(36.999, -109.045, 1), ['AZ', 'CO', 'NM', 'UT']);
  // Atlantic, 154 km east of Florida: nothing within 100 km, Florida within 200.
  assert.deepEqual(locator.statesWithinRadius(27, -78.5, 100), []);
  assert.deepEqual(locator.statesWithinRadius(27, -78.5, 200), ['FL']);
  // Lake Michigan: no containing state, but shores within 50 km.
  assert.ok(locator.statesWithinRadius(43.5, -87.3, 50).includes('WI'));
});

test('distanceToStateKm is 0 inside and positive outside', () => {
  assert.equal(locator.distanceToStateKm(39.7392, -104.9903, 'CO'), 0);
  const d = locator.distanceToStateKm(39.7392, -104.9903, 'KS');
  // Denver to the Colorado–Kansas line at 102.05°W along the parallel: about 250 km.
  assert.ok(d > 230 && d < 270, `${d}`);
});

// --- index answers equal a brute-force scan ---------------------------------------------------

const edges = loadStateEdges();

/** Plain ray casting over every edge of every state (no grid). */
function bruteContaining(lat: number, lon: number): string | null {
  const x = toIndexLon(lon);
  const c = edges.coords;
  for (let s = 0; s < US_STATES.length; s++) {
    let inside = false;
    for (let e = edges.stateStart[s]; e < edges.stateEnd[s]; e++) {
      const x1 = c[4 * e], y1 = c[4 * e + 1], x2 = c[4 * e + 2], y2 = c[4 * e + 3];
      if ((y1 > lat) !== (y2 > lat) && x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1) > x) inside = !inside;
    }
    if (inside) return US_STATES[s];
  }
  return null;
}

/** Distance to a state's boundary sampled every 1/10 of an edge (edges are <= 0.1°, ~11 km). */
function sampledDistanceKm(lat: number, lon: number, s: number): number {
  const c = edges.coords;
  let best = Infinity;
  for (let e = edges.stateStart[s]; e < edges.stateEnd[s]; e++) {
    for (let k = 0; k <= 10; k++) {
      const t = k / 10;
      const d = haversineKm(lat, lon, c[4 * e + 1] + t * (c[4 * e + 3] - c[4 * e + 1]), c[4 * e] + t * (c[4 * e + 2] - c[4 * e]));
      if (d < best) best = d;
    }
  }
  return best;
}

/** Random points: uniform over the lower 48 and Alaska, and jittered around boundary vertices. */
const pointArb = fc.oneof(
  fc.record({ lat: fc.double({ min: 24, max: 50, noNaN: true }), lon: fc.double({ min: -125, max: -66, noNaN: true }) }),
  fc.record({ lat: fc.double({ min: 51, max: 72, noNaN: true }), lon: fc.double({ min: -180, max: -129, noNaN: true }) }),
  fc.tuple(fc.nat(edges.count - 1), fc.double({ min: -0.05, max: 0.05, noNaN: true }), fc.double({ min: -0.05, max: 0.05, noNaN: true }))
    .map(([e, dy, dx]) => {
      const x = edges.coords[4 * e] + dx;
      return { lat: edges.coords[4 * e + 1] + dy, lon: x < -180 ? x + 360 : x };
    }),
);

test('property: containingState equals a brute-force ray cast over all edges', () => {
  fc.assert(
    fc.property(pointArb, ({ lat, lon }) => {
      assert.equal(locator.containingState(lat, lon), bruteContaining(lat, lon), `${lat},${lon}`);
    }),
    { numRuns: 3000 },
  );
});

test('property: stateOf = containing state, else nearest state within the tolerance (outside Canada/Mexico)', () => {
  fc.assert(
    fc.property(pointArb, ({ lat, lon }) => {
      const got = locator.stateOf(lat, lon);
      const inside = bruteContaining(lat, lon);
      if (inside) return assert.equal(got, inside);
      if (got === null) return;
      const d = sampledDistanceKm(lat, lon, US_STATES.indexOf(got));
      assert.ok(d <= STATE_FALLBACK_KM + 0.6, `${lat},${lon} → ${got} at ${d} km`);
    }),
    { numRuns: 300 },
  );
});

test('property: statesWithinRadius agrees with sampled distances to every state', () => {
  fc.assert(
    fc.property(pointArb, fc.double({ min: 1, max: 300, noNaN: true }), ({ lat, lon }, r) => {
      const got = new Set(locator.statesWithinRadius(lat, lon, r));
      const inside = bruteContaining(lat, lon);
      for (let s = 0; s < US_STATES.length; s++) {
        const state = US_STATES[s];
        if (state === inside) { assert.ok(got.has(state)); continue; }
        // Sampling overestimates by at most half a sample step (~0.6 km).
        const d = sampledDistanceKm(lat, lon, s);
        if (d <= r) assert.ok(got.has(state), `${state} at ${d} km should be within ${r}`);
        if (d > r + 0.6) assert.ok(!got.has(state), `${state} at ${d} km should not be within ${r}`);
      }
    }),
    { numRuns: 25 },
  );
});

test('property: statesWithinRadius (with its inside-one-state shortcut) equals the edge-distance definition', () => {
  // Points spread over the continental US, most far from any border: the shortcut's case.
  const usPoint = fc.record({ lat: fc.double({ min: 25, max: 49, noNaN: true }), lon: fc.double({ min: -124, max: -67, noNaN: true }) });
  fc.assert(
    fc.property(usPoint, fc.double({ min: 0.5, max: 40, noNaN: true }), ({ lat, lon }, r) => {
      const inside = locator.containingState(lat, lon);
      const expected = US_STATES.filter((s) => s === inside || locator.distanceToStateKm(lat, lon, s) <= r);
      assert.deepEqual(locator.statesWithinRadius(lat, lon, r), expected);
    }),
    { numRuns: 3000 },
  );
});
