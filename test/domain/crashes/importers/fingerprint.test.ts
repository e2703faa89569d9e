import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, utimesSync } from 'node:fs';
import { fileFingerprint, sourceFingerprint } from '../../../../src/domain/crashes/importers/fingerprint.ts';
import { crashFile, tempFile } from './source-data.ts';

test('a file fingerprint is the sha256 of its bytes, whatever its name or mtime', async () => {
  const original = crashFile('indiana', 'crashes.csv');
  const copy = tempFile('renamed.csv', '');
  copyFileSync(original, copy);
  utimesSync(copy, new Date(0), new Date(0));
  const expected = createHash('sha256').update(readFileSync(original)).digest('hex');
  assert.equal(await fileFingerprint(original), expected);
  assert.equal(await fileFingerprint(copy), expected);
  assert.notEqual(await fileFingerprint(tempFile('other.csv', 'id\n1\n')), expected);
});

test('a source fingerprint changes with any file, the name or the format, not with file order', () => {
  const base = sourceFingerprint('fars', 'fars', ['a', 'b']);
  assert.equal(sourceFingerprint('fars', 'fars', ['b', 'a']), base);
  assert.notEqual(sourceFingerprint('fars', 'fars', ['a', 'c']), base);
  assert.notEqual(sourceFingerprint('fars2', 'fars', ['a', 'b']), base);
  assert.notEqual(sourceFingerprint('fars', 'roadrisk', ['a', 'b']), base);
});
