// Every authenticated route, with a request that passes validation, for the shared auth matrix.
import type { InjectOptions } from 'fastify';
import type { Endpoint } from '../../src/accounts/plans.ts';

export interface RouteCase {
  name: string;
  endpoint: Endpoint | null;
  request: (jobId: string) => InjectOptions;
}

export const garagingBody = {
  policy_holder_id: 'ph-1',
  vehicles: [{ vehicle_id: 'v1', garaging_location: { latitude: 37.8044, longitude: -122.2712 }, body_type: 'pickup-truck' }],
};

export const crashBody = {
  location: { latitude: 37.8044, longitude: -122.2712 },
  start_date: '2013-01-01',
  end_date: '2014-12-31',
  radius_km: 10,
};

export function multipartBody(parts: { name: string; value: string; filename?: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----roadrisk-test-boundary';
  const chunks: string[] = [];
  for (const part of parts) {
    const disposition = part.filename === undefined ? `form-data; name="${part.name}"` : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : 'Content-Type: text/csv\r\n';
    chunks.push(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${part.value}\r\n`);
  }
  chunks.push(`--${boundary}--\r\n`);
  return { payload: Buffer.from(chunks.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const tripCsv = 'vehicle_id,timestamp,latitude,longitude\nt1,2024-03-01T08:00:00Z,37.80,-122.27\nt1,2024-03-01T08:00:10Z,37.801,-122.27\n';

function upload(path: string): InjectOptions {
  const { payload, headers } = multipartBody([
    { name: 'version', value: 'v1' },
    { name: 'policy_holder_id', value: 'ph-1' },
    { name: 'file', value: tripCsv, filename: 'trips.csv' },
  ]);
  return { method: 'POST', url: path, payload, headers };
}

export const ROUTES: RouteCase[] = [
  { name: 'CA garaging', endpoint: 'ca-garaging', request: () => ({ method: 'POST', url: '/v1/risk-score/ca-garaging', payload: garagingBody }) },
  { name: 'PPA garaging', endpoint: 'ppa-garaging', request: () => ({ method: 'POST', url: '/v1/risk-score/ppa-garaging', payload: garagingBody }) },
  { name: 'crash aggregate', endpoint: 'crash-aggregate', request: () => ({ method: 'POST', url: '/v1/crash-data/aggregate', payload: crashBody }) },
  { name: 'CA telematics queue', endpoint: 'ca-telematics', request: () => upload('/v1/risk-score/ca-telematics') },
  { name: 'PPA telematics queue', endpoint: 'ppa-telematics', request: () => upload('/v1/risk-score/ppa-telematics') },
  ...(['ca', 'ppa'] as const).flatMap((line) =>
    (['status', 'result'] as const).map((what) => ({
      name: `${line.toUpperCase()} telematics ${what}`,
      endpoint: `${line}-telematics` as Endpoint,
      request: (jobId: string) => ({ method: 'GET' as const, url: `/v1/risk-score/${line}-telematics/job/${jobId}/${what}` }),
    })),
  ),
  { name: 'list API keys', endpoint: null, request: () => ({ method: 'GET', url: '/v1/api-keys' }) },
  { name: 'create API key', endpoint: null, request: () => ({ method: 'POST', url: '/v1/api-keys', payload: { name: 'ci' } }) },
  { name: 'revoke API key', endpoint: null, request: () => ({ method: 'DELETE', url: '/v1/api-keys/key_doesnotexist' }) },
];
