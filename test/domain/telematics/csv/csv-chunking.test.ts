// Chunk boundaries may fall anywhere (inside a BOM, a CRLF, a quoted field, a number); the
// outcome, converted tracks or the error, must be the same as with the whole file in one chunk.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { convertInput } from './csv-fixtures.ts';
import { maybeBrokenCsvText, validCsvText } from './csv-arbitraries.ts';

const RICH_FILE =
  '\ufeff vehicle_id ,timestamp,latitude,longitude,note\r\n' +
  '"a ""b"", c",2024-03-01T08:00:00.123+01:00,37.5,-122.25,"x\r\ny"\r\n' +
  '\r\n' +
  ',2024-03-01 08:00:01Z,-1e-3,.5,\r\n' +
  'b,2024-03-01t08:00z,"-0.5","180",plain\r\n' +
  'b,2024-03-01T08:00:02.999999-0700,90,-180,"last"';

describe('telematics CSV chunk boundaries', () => {
  it('gives the same result for every two-chunk split of a rich file', async () => {
    const whole = await convertInput(RICH_FILE);
    assert.ok(whole.ok);
    assert.equal(whole.rows, 4);
    const length = new TextEncoder().encode(RICH_FILE).length;
    for (let cut = 1; cut < length; cut++) {
      assert.deepEqual(await convertInput(RICH_FILE, { cuts: [cut] }), whole, `split at byte ${cut}`);
    }
  });

  it('gives the same result byte by byte', async () => {
    const length = new TextEncoder().encode(RICH_FILE).length;
    const cuts = Array.from({ length }, (_, i) => i);
    assert.deepEqual(await convertInput(RICH_FILE, { cuts }), await convertInput(RICH_FILE));
  });

  it('gives the same error for every two-chunk split of a bad file', async () => {
    const bad = RICH_FILE.replace('37.5', '97.5');
    const whole = await convertInput(bad);
    assert.equal(!whole.ok && whole.message, 'line 2, column "latitude": value "97.5" is outside [-90, 90]');
    const length = new TextEncoder().encode(bad).length;
    for (let cut = 1; cut < length; cut++) assert.deepEqual(await convertInput(bad, { cuts: [cut] }), whole);
  });

  it('gives the same outcome in random chunks, with a stage small enough to flush often', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(validCsvText, maybeBrokenCsvText),
        fc.array(fc.nat({ max: 4000 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        async (text, cuts, stagePoints) => {
          const whole = await convertInput(text);
          assert.deepEqual(await convertInput(text, { cuts, stagePoints }), whole);
        },
      ),
      { numRuns: 200 },
    );
  });
});
