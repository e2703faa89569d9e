// The converter against a plain reference: csv-parse for the CSV, Number() and Date.parse for
// the values, on random valid files in every accepted form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { convertInput, type TrackPoints } from './csv-fixtures.ts';
import { validCsvText } from './csv-arbitraries.ts';

/** ISO text in any accepted form → what Date.parse reads unambiguously as UTC. */
function referenceEpochMs(text: string): number {
  let iso = `${text.slice(0, 10)}T${text.slice(11)}`.replace(/z$/, 'Z');
  iso = iso.replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
  if (!/(Z|[+-]\d\d:\d\d)$/.test(iso)) iso += 'Z';
  return Date.parse(iso);
}

function referenceTracks(text: string): Record<string, TrackPoints> {
  const records: string[][] = parse(text, { bom: true, skip_empty_lines: true });
  const names = records[0].map((name) => name.trim());
  const column = (name: string) => names.indexOf(name);
  const tracks: Record<string, TrackPoints> = {};
  for (const record of records.slice(1)) {
    const rawId = column('vehicle_id') >= 0 ? record[column('vehicle_id')].trim() : '';
    const id = rawId === '' || ['null', 'nan'].includes(rawId.toLowerCase()) ? 'vehicle_1' : rawId;
    const track = (tracks[id] ??= { latitude: [], longitude: [], epochMs: [] });
    track.latitude.push(Number(record[column('latitude')].trim()));
    track.longitude.push(Number(record[column('longitude')].trim()));
    track.epochMs.push(referenceEpochMs(record[column('timestamp')].trim()));
  }
  return tracks;
}

describe('telematics CSV conversion matches csv-parse + Number + Date.parse', () => {
  it('on random valid files', async () => {
    await fc.assert(
      fc.asyncProperty(validCsvText, async (text) => {
        const outcome = await convertInput(text);
        assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
        assert.deepEqual(outcome.tracks, referenceTracks(text));
        assert.deepEqual(Object.keys(outcome.tracks), Object.keys(referenceTracks(text)));
      }),
      { numRuns: 200 },
    );
  });
});
