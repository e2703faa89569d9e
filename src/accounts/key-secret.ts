// API key secrets (decisions §4): `rr_live_` / `rr_test_` + 192 random bits in base58.
// Only a SHA-256 hash and the 12-character display `start` are ever stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Environment } from './plans.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58(bytes: Uint8Array): string {
  let value = BigInt('0x' + (Buffer.from(bytes).toString('hex') || '0'));
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = '1' + out;
  }
  return out;
}

export const KEY_PREFIX: Record<Environment, string> = { production: 'rr_live_', sandbox: 'rr_test_' };

export function generateKeySecret(environment: Environment): string {
  return KEY_PREFIX[environment] + base58(randomBytes(24));
}

export function hashKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function keyStart(secret: string): string {
  return secret.slice(0, 12);
}

export function newId(prefix: string, bytes = 16): string {
  return prefix + randomBytes(bytes).toString('hex');
}
