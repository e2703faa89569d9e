// Requests from an API process to the cluster's primary over node:cluster's IPC channel, and the
// primary's answers: the per-key rate limit on SQLite (shared-rate-limit.ts) and /metrics summed
// over the processes (metrics-aggregation.ts) both ask the primary this way. Each request carries
// an id; the answer (a value or an error message) comes back with it.
import type { Worker } from 'node:cluster';

export type PrimaryRequestKind = 'rate-hit' | 'metrics';

interface RequestMessage {
  roadrisk: 'request';
  kind: PrimaryRequestKind;
  id: number;
  payload: unknown;
}

interface AnswerMessage {
  roadrisk: 'answer';
  id: number;
  value?: unknown;
  error?: string;
}

let nextId = 0;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let listening = false;

/** In an API process: sends a request to the primary and resolves with its answer. */
export function askPrimary<T>(kind: PrimaryRequestKind, payload: unknown): Promise<T> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      const m = message as Partial<AnswerMessage> | null;
      if (m?.roadrisk !== 'answer' || typeof m.id !== 'number') return;
      const waiting = pending.get(m.id);
      pending.delete(m.id);
      if (m.error !== undefined) waiting?.reject(new Error(m.error));
      else waiting?.resolve(m.value);
    });
  }
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    const request: RequestMessage = { roadrisk: 'request', kind, id, payload };
    process.send!(request, undefined, {}, (error) => {
      if (!error) return;
      pending.delete(id);
      reject(error);
    });
  });
}

/** In the primary: a listener for a worker's messages that answers its requests with `handlers`. */
export function answerRequests(
  handlers: Record<PrimaryRequestKind, (payload: unknown) => unknown>,
): (worker: Worker, message: unknown) => void {
  return (worker, message) => {
    const m = message as Partial<RequestMessage> | null;
    if (m?.roadrisk !== 'request' || typeof m.id !== 'number' || !m.kind || !Object.hasOwn(handlers, m.kind)) return;
    const id = m.id;
    const reply = (answer: AnswerMessage) => worker.isConnected() && worker.send(answer);
    Promise.resolve()
      .then(() => handlers[m.kind!](m.payload))
      .then(
        (value) => reply({ roadrisk: 'answer', id, value }),
        (error: Error) => reply({ roadrisk: 'answer', id, error: error?.message ?? String(error) }),
      );
  };
}
