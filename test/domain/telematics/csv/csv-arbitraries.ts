// fast-check generators of valid telematics CSV files, in all the accepted forms at once:
// any column order, extra columns, quoting, CRLF, BOM, blank lines, number and timestamp styles.
import fc from 'fast-check';

const VEHICLE_IDS = ['v1', 'truck 7', 'a,b', 'q"uote', 'multi\nline', '', 'null', 'NaN', 'ümlaut', '  padded  ', 'vehicle_1', '42'];
const EXTRA_VALUES = ['', 'x', '12.5', 'say "hi"', 'comma, inside', 'two\r\nlines', 'NaN'];

const numberText = (low: number, high: number) =>
  fc
    .tuple(
      fc.oneof(
        fc.double({ min: low, max: high, noNaN: true }), // extremes, subnormals, -0, 17 digits
        fc.integer({ min: low * 1e6, max: high * 1e6 }).map((micro) => micro / 1e6), // GPS-like
        fc.integer({ min: low, max: high }),
      ),
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([value, style, digits]) => {
      switch (style) {
        case 0:
          return String(value);
        case 1:
          return value.toFixed(digits);
        case 2:
          return value.toExponential(digits);
        case 3:
          return value >= 0 ? `+${value.toFixed(digits)}` : value.toFixed(digits);
        case 4:
          return String(Math.trunc(value));
        default:
          return value.toFixed(digits).replace(/^(-?)0\./, '$1.'); // .5 style
      }
    })
    .filter((text) => {
      const n = Number(text);
      return n >= low && n <= high; // rounding by toFixed may step past a bound
    });

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const timestampText = fc
  .record({
    ms: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
    separator: fc.constantFrom('T', 't', ' '),
    seconds: fc.boolean(),
    fraction: fc.integer({ min: 0, max: 9 }),
    fractionDigits: fc.stringMatching(/^[0-9]{9}$/),
    zone: fc.constantFrom('', 'Z', 'z', '+HH:MM', '-HH:MM', '+HHMM', '-HHMM'),
    offsetMinutes: fc.integer({ min: 0, max: 23 * 60 + 59 }),
  })
  .map(({ ms, separator, seconds, fraction, fractionDigits, zone, offsetMinutes }) => {
    const sign = zone.startsWith('-') ? -1 : 1;
    const shift = zone.startsWith('+') || zone.startsWith('-') ? sign * offsetMinutes * 60_000 : 0;
    const local = new Date(ms + shift); // wall time in the zone
    const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    let time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
    if (seconds) {
      time += `:${pad(local.getUTCSeconds())}`;
      if (fraction > 0) time += `.${fractionDigits.slice(0, fraction)}`;
    }
    const hh = pad(Math.floor(offsetMinutes / 60));
    const mm = pad(offsetMinutes % 60);
    const zoneText = zone.replace('HH', hh).replace('MM', mm);
    return `${date}${separator}${time}${zoneText}`;
  });

export interface CsvFileSpec {
  text: string;
}

function quote(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

function cell(value: string, forceQuote: boolean): string {
  const needs = /[",\r\n]/.test(value) || value !== value.trim();
  return needs || forceQuote ? quote(value) : value;
}

/** A valid telematics CSV as text. */
export const validCsvText = fc
  .record({
    withVehicleId: fc.boolean(),
    extras: fc.integer({ min: 0, max: 2 }),
    order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }),
    headerPadding: fc.boolean(),
    crlf: fc.boolean(),
    bom: fc.boolean(),
    finalNewline: fc.boolean(),
    rows: fc.array(
      fc.record({
        vehicle: fc.constantFrom(...VEHICLE_IDS),
        latitude: numberText(-90, 90),
        longitude: numberText(-180, 180),
        timestamp: timestampText,
        extra: fc.constantFrom(...EXTRA_VALUES),
        quoting: fc.integer({ min: 0, max: 31 }),
        blankBefore: fc.integer({ min: 0, max: 9 }),
      }),
      { minLength: 1, maxLength: 25 },
    ),
  })
  .map((spec) => {
    const names = ['latitude', 'longitude', 'timestamp'];
    if (spec.withVehicleId) names.push('vehicle_id');
    for (let i = 0; i < spec.extras; i++) names.push(`extra_${i}`);
    const columns = names.map((name, i) => ({ name, key: spec.order[i] })).sort((a, b) => a.key - b.key).map((c) => c.name);
    const eol = spec.crlf ? '\r\n' : '\n';
    const header = columns.map((name) => (spec.headerPadding ? ` ${name} ` : name)).join(',');
    const lines = [header];
    for (const row of spec.rows) {
      if (row.blankBefore === 0) lines.push('');
      const values: Record<string, string> = {
        latitude: row.latitude,
        longitude: row.longitude,
        timestamp: row.timestamp,
        vehicle_id: row.vehicle,
      };
      lines.push(columns.map((name, i) => cell(values[name] ?? row.extra, ((row.quoting >> i) & 1) === 1)).join(','));
    }
    return (spec.bom ? '\ufeff' : '') + lines.join(eol) + (spec.finalNewline ? eol : '');
  });

/** A file that may or may not be valid: a valid one with a few bytes replaced. */
export const maybeBrokenCsvText = fc
  .tuple(validCsvText, fc.array(fc.tuple(fc.nat(), fc.constantFrom('"', ',', '\r', '\n', '9', '.', '-', 'e', 'x', ' ', 'T', ':')), { maxLength: 3 }))
  .map(([text, edits]) => {
    const chars = [...text];
    for (const [at, replacement] of edits) if (chars.length > 0) chars[at % chars.length] = replacement;
    return chars.join('');
  });
