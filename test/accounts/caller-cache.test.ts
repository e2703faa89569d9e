// Kept callers never outlive a change: a key revoked by this process, by another process on the
// same SQLite file, or past its expiry is refused on the very next request.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../src/storage/database.ts';
import { AccountService } from '../../src/accounts/account-service.ts';
import { AccountsRepository } from '../../src/storage/repositories/accounts.ts';
import { ApiKeysRepository } from '../../src/storage/repositories/api-keys.ts';

const dir = mkdtempSync(join(tmpdir(), 'roadrisk-caller-cache-'));
const stores: Store[] = [];
after(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

let clock = new Date('2026-01-01T00:00:00Z');
async function service(): Promise<{ accounts: AccountService; keys: ApiKeysRepository }> {
  const store = await openStore({ databaseUrl: null, dataDir: dir });
  stores.push(store);
  const keys = new ApiKeysRepository(store.db);
  return { accounts: new AccountService(new AccountsRepository(store.db), keys, () => clock, store.externalChangeToken), keys };
}

test('a key revoked by another connection (another process) is refused at once', async () => {
  const server = await service();
  const cli = await service();
  const account = await server.accounts.createAccount({ name: 'fleet', plan: 'enterprise' });
  const key = await server.accounts.createKey({ accountId: account.id, name: 'k', environment: 'production', role: 'standard' });
  for (let i = 0; i < 3; i++) assert.equal(typeof (await server.accounts.authenticate(key.api_key)), 'object');
  await cli.accounts.revokeKeyById(key.key_id);
  assert.equal(await server.accounts.authenticate(key.api_key), 'revoked');
});

test('a key revoked in this process, or expired meanwhile, is refused at once', async () => {
  const { accounts } = await service();
  const account = await accounts.createAccount({ name: 'local', plan: 'enterprise' });
  const revoked = await accounts.createKey({ accountId: account.id, name: 'r', environment: 'production', role: 'standard' });
  const expiring = await accounts.createKey({ accountId: account.id, name: 'e', environment: 'production', role: 'standard', expiresAt: '2026-01-01T01:00:00Z' });
  assert.equal(typeof (await accounts.authenticate(revoked.api_key)), 'object');
  assert.equal(typeof (await accounts.authenticate(expiring.api_key)), 'object');
  await accounts.revokeKey(account.id, revoked.key_id);
  assert.equal(await accounts.authenticate(revoked.api_key), 'revoked');
  clock = new Date('2026-01-01T01:00:00Z');
  assert.equal(await accounts.authenticate(expiring.api_key), 'expired');
});

test('a kept caller is served without reading the key again while nothing changed', async () => {
  const { accounts, keys } = await service();
  const account = await accounts.createAccount({ name: 'reads', plan: 'enterprise' });
  const key = await accounts.createKey({ accountId: account.id, name: 'k', environment: 'production', role: 'standard' });
  let reads = 0;
  const original = keys.findWithAccountByHash.bind(keys);
  keys.findWithAccountByHash = (hash: string) => (reads++, original(hash));
  for (let i = 0; i < 5; i++) await accounts.authenticate(key.api_key);
  assert.equal(reads, 1);
});
