// The primary's side of the IPC requests (primary-requests.ts) with a stand-in worker; the API
// process's side runs for real in test/e2e/api-processes.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Worker } from 'node:cluster';
import { answerRequests } from '../../src/cluster/primary-requests.ts';
import { rateHitAnswer } from '../../src/cluster/shared-rate-limit.ts';

function standInWorker(connected = true) {
  const sent: unknown[] = [];
  const worker = { isConnected: () => connected, send: (m: unknown) => (sent.push(m), true) } as unknown as Worker;
  return { worker, sent, settled: () => new Promise((r) => setImmediate(r)) };
}

describe('requests to the primary', () => {
  const answer = answerRequests({
    'rate-hit': rateHitAnswer(),
    metrics: async () => {
      throw new Error('collection timed out');
    },
  });

  it('answers with the id it was asked with, one rate window for every process', async () => {
    const { worker, sent, settled } = standInWorker();
    const other = standInWorker();
    const hit = (w: Worker, id: number) => answer(w, { roadrisk: 'request', kind: 'rate-hit', id, payload: { keyId: 'k', limit: 2, nowMs: 60_000 } });
    hit(worker, 7);
    hit(other.worker, 1);
    hit(worker, 8);
    await settled();
    assert.deepEqual(sent.map((m) => [(m as { id: number }).id, (m as { value: { allowed: boolean } }).value.allowed]), [[7, true], [8, false]]);
    assert.equal((other.sent[0] as { value: { remaining: number } }).value.remaining, 0);
  });

  it('sends a failure back as an error message', async () => {
    const { worker, sent, settled } = standInWorker();
    answer(worker, { roadrisk: 'request', kind: 'metrics', id: 3, payload: null });
    answer(worker, { roadrisk: 'request', kind: 'rate-hit', id: 4, payload: {} });
    await settled();
    // Answers go back as each is ready; the id pairs them with their request.
    sent.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id);
    assert.deepEqual(sent, [
      { roadrisk: 'answer', id: 3, error: 'collection timed out' },
      { roadrisk: 'answer', id: 4, error: 'a rate hit without a key' },
    ]);
  });

  it('ignores other messages and answers nobody who has gone', async () => {
    const { worker, sent, settled } = standInWorker();
    answer(worker, { type: 'prom-client:getMetricsReq' });
    answer(worker, { roadrisk: 'request', kind: 'toString', id: 1, payload: null });
    const gone = standInWorker(false);
    answer(gone.worker, { roadrisk: 'request', kind: 'rate-hit', id: 2, payload: { keyId: 'k', limit: 1, nowMs: 0 } });
    await settled();
    assert.deepEqual([sent, gone.sent], [[], []]);
  });
});
