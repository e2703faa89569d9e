// What a load run needs on a fresh store: API keys (many, as many customers would have) and a few
// real telematics jobs queued through the API, for the status polls.
import { BOOTSTRAP_KEY } from '../garaging-http/harness.ts';

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** `count` production keys with role standard on the bootstrap account, made with its admin key. */
export async function createKeys(baseUrl: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = await call(`${baseUrl}/v1/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BOOTSTRAP_KEY}` },
      body: JSON.stringify({ name: `load-bench-${i}` }),
    });
    keys.push(String(body.api_key));
  }
  return keys;
}

/** A 10-minute drive sampled every 10 s, heading north-east from (lat, lon). */
function tripCsv(vehicle: string, lat: number, lon: number): string {
  const start = Date.UTC(2024, 4, 1, 12);
  const rows = ['vehicle_id,timestamp,latitude,longitude'];
  for (let i = 0; i <= 60; i++) {
    const t = new Date(start + i * 10_000).toISOString().slice(0, 19) + 'Z';
    rows.push(`${vehicle},${t},${(lat + i * 0.0009).toFixed(6)},${(lon + i * 0.0011).toFixed(6)}`);
  }
  return rows.join('\n') + '\n';
}

/** Queues `count` PPA telematics jobs (multipart upload) and returns their ids. */
export async function queueJobs(baseUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('policy_holder_id', `load-bench-holder-${i}`);
    form.append('file', new Blob([tripCsv(`car-${i}`, 39.74 + i * 0.01, -104.99)], { type: 'text/csv' }), 'trips.csv');
    const body = await call(`${baseUrl}/v1/risk-score/ppa-telematics`, { method: 'POST', headers: { authorization: `Bearer ${BOOTSTRAP_KEY}` }, body: form });
    ids.push(String(body.job_id));
  }
  return ids;
}
