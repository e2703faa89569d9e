// Job callbacks (decisions §7): when a job ends, POST its record to the caller's `callback_url`,
// signed `Roadrisk-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The HMAC key is the
// SHA-256 (hex) of the API key that queued the job, which the caller can compute and roadrisk
// stores anyway, so no extra secret has to be exchanged. Delivery is retried with backoff in the
// background and never blocks a worker; retries pending at shutdown are dropped (documented).
import { createHmac } from 'node:crypto';

export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export function signatureHeader(body: string, hmacKey: string, unixSeconds: number): string {
  const digest = createHmac('sha256', hmacKey).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

export interface CallbackDelivery {
  url: string;
  body: string;
  hmacKey: string;
}

export class CallbackSender {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly log: (message: string, fields?: Record<string, unknown>) => void = () => {},
    private readonly delaysMs: readonly number[] = RETRY_DELAYS_MS,
    private readonly timeoutMs = 10_000,
  ) {}

  send(delivery: CallbackDelivery, attempt = 0): void {
    void this.attempt(delivery).then((ok) => {
      if (ok || attempt >= this.delaysMs.length) {
        if (!ok) this.log('callback gave up', { url: delivery.url, attempts: attempt + 1 });
        return;
      }
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.send(delivery, attempt + 1);
      }, this.delaysMs[attempt]);
      timer.unref();
      this.timers.add(timer);
    });
  }

  private async attempt(delivery: CallbackDelivery): Promise<boolean> {
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'roadrisk-signature': signatureHeader(delivery.body, delivery.hmacKey, Math.floor(Date.now() / 1000)),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return response.status >= 200 && response.status < 300;
    } catch {
      return false;
    }
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
