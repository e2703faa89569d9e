import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CrashIndex, bruteForceQuery } from '../../../../src/domain/crashes/index/crash-index.ts';
import { crashSets, crowdedEdge, queriesFor, toColumns } from './random-crashes.ts';

// Small leaves and lists on small nodes, so that a few hundred crashes exercise every path
// (box inside / outside / straddling, day lists, leaf scans) the way millions do.
const tuning = fc.record({
  leafSize: fc.integer({ min: 2, max: 24 }), listMinSize: fc.integer({ min: 2, max: 64 }), listLevelStep: fc.constantFrom(1, 2),
});

test('index answers equal a brute-force scan on random crashes', () => {
  fc.assert(
    fc.property(
      crashSets.chain((crashes) => fc.tuple(fc.constant(crashes), fc.array(queriesFor(crashes), { minLength: 1, maxLength: 12 }), tuning)),
      ([crashes, queries, options]) => {
        const columns = toColumns(crashes);
        const index = CrashIndex.build(columns, options);
        for (const q of queries) {
          const expected = bruteForceQuery(columns, q.lat, q.lon, q.radiusKm, q.fromDay, q.toDay);
          assert.deepEqual(index.query(q.lat, q.lon, q.radiusKm, q.fromDay, q.toDay), expected, JSON.stringify(q));
        }
      },
    ),
    { numRuns: 300 },
  );
});

test('crashes crowding the circle\'s edge are counted as the scan counts them', () => {
  fc.assert(
    fc.property(crowdedEdge, tuning, fc.integer({ min: 15700, max: 15770 }), ({ centre, radiusKm, crashes }, options, toDay) => {
      const columns = toColumns(crashes);
      const index = CrashIndex.build(columns, options);
      for (const [from, to] of [[0, 99999], [15706, toDay]]) {
        const expected = bruteForceQuery(columns, centre.lat, centre.lon, radiusKm, from, to);
        assert.deepEqual(index.query(centre.lat, centre.lon, radiusKm, from, to), expected);
      }
    }),
    { numRuns: 300 },
  );
});

test('queryRings equals one query per radius, in the order given', () => {
  fc.assert(
    fc.property(
      crashSets.chain((crashes) => fc.tuple(
        fc.constant(crashes),
        fc.array(queriesFor(crashes), { minLength: 1, maxLength: 5 }),
        tuning,
      )),
      ([crashes, queries, options]) => {
        const columns = toColumns(crashes);
        const index = CrashIndex.build(columns, options);
        const { lat, lon, fromDay, toDay } = queries[0];
        const radii = queries.map((q) => q.radiusKm);
        const expected = radii.map((r) => bruteForceQuery(columns, lat, lon, r, fromDay, toDay));
        assert.deepEqual(index.queryRings(lat, lon, radii, fromDay, toDay), expected);
      },
    ),
    { numRuns: 200 },
  );
});

test('a deserialized index answers as the one built', () => {
  fc.assert(
    fc.property(
      crashSets.chain((crashes) => fc.tuple(fc.constant(crashes), fc.array(queriesFor(crashes), { minLength: 1, maxLength: 5 }), tuning)),
      ([crashes, queries, options]) => {
        const built = CrashIndex.build(toColumns(crashes), { ...options, dataVersion: 'v-test' });
        const loaded = CrashIndex.deserialize(built.serialize());
        assert.equal(loaded.dataVersion, 'v-test');
        assert.equal(loaded.size, crashes.length);
        for (const q of queries) {
          assert.deepEqual(
            loaded.query(q.lat, q.lon, q.radiusKm, q.fromDay, q.toDay),
            built.query(q.lat, q.lon, q.radiusKm, q.fromDay, q.toDay),
          );
        }
      },
    ),
    { numRuns: 50 },
  );
});
