// What a valid file may look like (decisions §7 and the choices documented in docs), and what
// the converter makes of it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertInput, HEADER, type Outcome } from './csv-fixtures.ts';

async function tracksOf(text: string): Promise<Extract<Outcome, { ok: true }>['tracks']> {
  const outcome = await convertInput(text);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.tracks;
}

const at = (iso: string) => Date.parse(iso);

describe('telematics CSV accepted forms', () => {
  it('converts rows to per-vehicle float64 tracks in file order', async () => {
    const tracks = await tracksOf(`${HEADER}\nA,2024-03-01T08:00:00Z,37.5,-122.25\nB,2024-03-01T08:00:01Z,1,2\nA,2024-03-01T08:00:02Z,-37.5,122.25\n`);
    assert.deepEqual(Object.keys(tracks), ['A', 'B']);
    assert.deepEqual(tracks.A, {
      latitude: [37.5, -37.5],
      longitude: [-122.25, 122.25],
      epochMs: [at('2024-03-01T08:00:00Z'), at('2024-03-01T08:00:02Z')],
    });
  });

  it('tolerates a BOM, spaces around header names, any column order and extra columns', async () => {
    const tracks = await tracksOf('\ufeff speed , longitude,timestamp ,\tlatitude\t,heading\n3,2,2024-03-01T08:00:00Z,1,90\n');
    assert.deepEqual(tracks.vehicle_1, { latitude: [1], longitude: [2], epochMs: [at('2024-03-01T08:00:00Z')] });
  });

  it('uses vehicle_1 when vehicle_id is empty, null or NaN, and that is the same vehicle as a literal vehicle_1', async () => {
    const tracks = await tracksOf(`${HEADER}\n,2024-03-01T08:00:00Z,1,1\nnull,2024-03-01T08:00:01Z,2,2\nNaN,2024-03-01T08:00:02Z,3,3\nvehicle_1,2024-03-01T08:00:03Z,4,4\n  ,2024-03-01T08:00:04Z,5,5\n`);
    assert.deepEqual(Object.keys(tracks), ['vehicle_1']);
    assert.deepEqual(tracks.vehicle_1.latitude, [1, 2, 3, 4, 5]);
  });

  it('trims spaces around values and vehicle ids', async () => {
    const tracks = await tracksOf(`${HEADER}\n  truck 7 , 2024-03-01T08:00:00Z , 1.5 ,\t-2\t\n`);
    assert.deepEqual(tracks['truck 7'], { latitude: [1.5], longitude: [-2], epochMs: [at('2024-03-01T08:00:00Z')] });
  });

  it('reads quoted fields with escaped quotes, commas and line breaks', async () => {
    const text = `${HEADER},note\n"a ""b"", c",  2024-03-01T08:00:00Z,"37.5","-1e-3","x\r\ny"\n"",2024-03-01T08:00:01Z,1,2,""\n`;
    const tracks = await tracksOf(text);
    assert.deepEqual(Object.keys(tracks), ['a "b", c', 'vehicle_1']);
    assert.deepEqual(tracks['a "b", c'].longitude, [-0.001]);
  });

  it('accepts CRLF, a last line without a line break, and blank lines anywhere', async () => {
    const outcome = await convertInput(`\r\n${HEADER}\r\n\r\nv,2024-03-01T08:00:00Z,1,2\r\n\nv,2024-03-01T08:00:01Z,3,4`);
    assert.equal(outcome.ok && outcome.rows, 2);
  });

  it('accepts a row of almost 1 MiB arriving in 1 KiB chunks', async () => {
    const note = 'x'.repeat(1024 * 1024 - 100);
    const text = `${HEADER},note\nv,2024-03-01T08:00:00Z,1,2,"${note}"\nv,2024-03-01T08:00:01Z,3,4,\n`;
    const cuts = Array.from({ length: Math.ceil(text.length / 1024) }, (_, i) => i * 1024);
    const outcome = await convertInput(text, { cuts });
    assert.equal(outcome.ok && outcome.rows, 2);
  });

  it('counts blank lines in line numbers', async () => {
    const outcome = await convertInput(`\n${HEADER}\n\nv,2024-03-01T08:00:00Z,91,2\n`);
    assert.equal(!outcome.ok && outcome.message, 'line 4, column "latitude": value "91" is outside [-90, 90]');
  });

  const numbers: Array<[string, number]> = [
    ['37', 37], ['-0.5', -0.5], ['+1.25', 1.25], ['1e-3', 0.001], ['2E+1', 20], ['.5', 0.5], ['5.', 5],
    ['0037.500', 37.5], ['-0', -0], ['89.99999999999999999999', 90], ['0.1', 0.1], ['45.123456789012345', 45.123456789012345],
    ['1234567e-5', 12.34567], ['0.000000000000000000000000001', 1e-27],
  ];
  for (const [text, value] of numbers) {
    it(`reads the number ${text} as Number() does`, async () => {
      const tracks = await tracksOf(`latitude,longitude,timestamp\n${text},0,2024-03-01T08:00:00Z\n`);
      assert.ok(Object.is(tracks.vehicle_1.latitude[0], value), `${tracks.vehicle_1.latitude[0]} !== ${value}`);
      assert.ok(Object.is(value, Number(text)));
    });
  }

  const timestamps: Array<[string, number]> = [
    ['2024-03-01T08:00:00Z', Date.UTC(2024, 2, 1, 8)],
    ['2024-03-01T08:00:00z', Date.UTC(2024, 2, 1, 8)],
    ['2024-03-01T08:00:00', Date.UTC(2024, 2, 1, 8)],
    ['2024-03-01 08:00:00', Date.UTC(2024, 2, 1, 8)],
    ['2024-03-01t08:00', Date.UTC(2024, 2, 1, 8)],
    ['2024-03-01T08:00:00.5Z', Date.UTC(2024, 2, 1, 8, 0, 0, 500)],
    ['2024-03-01T08:00:00.12Z', Date.UTC(2024, 2, 1, 8, 0, 0, 120)],
    ['2024-03-01T08:00:00.123456789Z', Date.UTC(2024, 2, 1, 8, 0, 0, 123)],
    ['2024-03-01T08:00:00.999999', Date.UTC(2024, 2, 1, 8, 0, 0, 999)],
    ['2024-03-01T08:00:00+01:30', Date.UTC(2024, 2, 1, 6, 30)],
    ['2024-03-01T08:00:00-0700', Date.UTC(2024, 2, 1, 15)],
    ['2024-03-01T00:30:00+01:00', Date.UTC(2024, 1, 29, 23, 30)],
    ['2024-02-29T12:00:00Z', Date.UTC(2024, 1, 29, 12)],
    ['2000-02-29T12:00:00-00:00', Date.UTC(2000, 1, 29, 12)],
    ['1969-12-31T23:59:59.999Z', -1],
    ['0001-01-01T00:00:00Z', Date.parse('0001-01-01T00:00:00Z')],
    ['9999-12-31T23:59:59Z', Date.parse('9999-12-31T23:59:59Z')],
  ];
  for (const [text, epochMs] of timestamps) {
    it(`reads the timestamp ${text}`, async () => {
      const tracks = await tracksOf(`latitude,longitude,timestamp\n0,0,${text}\n`);
      assert.equal(tracks.vehicle_1.epochMs[0], epochMs);
    });
  }
});
