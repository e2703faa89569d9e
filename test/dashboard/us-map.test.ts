// The server does the projection both ways: a click located on the map must be the point that
// was drawn there, in the lower 48 and in the Alaska and Hawaii insets.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAP_HEIGHT, MAP_WIDTH, usMap } from '../../src/dashboard/us-map.ts';

// Boxes of US territory. Farther south the lower-48 box would reach into Mexico, which Albers USA
// draws under the Alaska and Hawaii insets (a click there is read as a click in the inset).
const regions = [
  { name: 'lower 48', lat: [31.5, 48], lon: [-122, -72] },
  { name: 'Alaska', lat: [55, 70], lon: [-165, -141] },
  { name: 'Hawaii', lat: [19, 22], lon: [-160, -155] },
];

describe('US map projection', () => {
  it('draws the 50 states and DC inside the 975 × 610 frame', () => {
    const map = usMap();
    assert.equal(map.states.length, 51);
    assert.ok(map.states.some((s) => s.name === 'Alaska') && map.states.some((s) => s.name === 'Hawaii'));
    // Alaska's western Aleutians fall left of the frame, as in us-atlas's own Albers files.
    const numbers = map.states.filter((s) => s.name !== 'Alaska').flatMap((s) => (s.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number));
    assert.ok(Math.min(...numbers) >= 0 && Math.max(...numbers) <= MAP_WIDTH);
  });

  for (const region of regions) {
    it(`locates what it places (${region.name})`, () => {
      const map = usMap();
      fc.assert(
        fc.property(
          fc.double({ min: region.lat[0], max: region.lat[1], noNaN: true }),
          fc.double({ min: region.lon[0], max: region.lon[1], noNaN: true }),
          (lat, lon) => {
            const placed = map.place(lat, lon, 10);
            assert.ok(placed, `${lat},${lon} is on the map`);
            assert.ok(placed.x >= 0 && placed.x <= MAP_WIDTH && placed.y >= 0 && placed.y <= MAP_HEIGHT);
            const located = map.locate(placed.x, placed.y);
            assert.ok(located);
            assert.ok(Math.abs(located.latitude - lat) < 1e-6 && Math.abs(located.longitude - lon) < 1e-6);
          },
        ),
        { numRuns: 200 },
      );
    });
  }

  it('zooms to the circle: the view holds it, wider for a larger radius', () => {
    const map = usMap();
    const small = map.place(39.7392, -104.9903, 10)!;
    const large = map.place(39.7392, -104.9903, 100)!;
    for (const placed of [small, large]) {
      const [x, y, w, h] = placed.viewBox;
      assert.ok(placed.x > x && placed.x < x + w && placed.y > y && placed.y < y + h);
      assert.ok(Math.abs(w / h - MAP_WIDTH / MAP_HEIGHT) < 0.01);
    }
    assert.ok(large.viewBox[2] > small.viewBox[2] * 5);
  });
});
