// The byte-level number and timestamp parsers against the JavaScript built-ins on random input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseDecimal } from '../../../../src/domain/telematics/csv/decimal.ts';
import { newParsedInstant, parseIsoTimestamp } from '../../../../src/domain/telematics/csv/iso-timestamp.ts';

const terminated = (text: string) => new TextEncoder().encode(`${text}\n`);

const decimalText = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.stringMatching(/^[0-9]{0,25}$/),
    fc.option(fc.stringMatching(/^[0-9]{0,25}$/)),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '-', '+'), fc.stringMatching(/^[0-9]{1,4}$/))),
  )
  .map(([sign, whole, fraction, exponent]) => `${sign}${whole}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : exponent.join('')}`);

describe('parseDecimal', () => {
  it('gives exactly Number(text) for every text of the accepted grammar', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const out = { value: NaN };
        const end = parseDecimal(terminated(text), 0, out);
        const hasDigits = /[0-9]/.test(text.split(/[eE]/)[0]);
        if (!hasDigits) return assert.equal(end, -1);
        assert.equal(end, text.length);
        assert.ok(Object.is(out.value, Number(text)), `${text}: ${out.value} vs ${Number(text)}`);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads every double back from its shortest text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const out = { value: NaN };
        parseDecimal(terminated(Object.is(value, -0) ? '-0' : String(value)), 0, out);
        assert.ok(Object.is(out.value, value));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('parseIsoTimestamp', () => {
  it('agrees with Date.UTC on every valid instant of years 0001-9999', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        const out = newParsedInstant();
        const text = date.toISOString();
        assert.equal(parseIsoTimestamp(terminated(text), 0, out), text.length);
        assert.equal(out.value, date.getTime());
      }),
      { numRuns: 5000 },
    );
  });

  it('rejects calendar dates that do not exist and accepts those that do', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (year, month, day) => {
        const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00Z`;
        const exists = new Date(Date.UTC(2000, month - 1, day)).getUTCDate() === day && (month !== 2 || day !== 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)));
        const end = parseIsoTimestamp(terminated(text), 0, newParsedInstant());
        assert.equal(end > 0, exists, text);
      }),
      { numRuns: 3000 },
    );
  });
});
