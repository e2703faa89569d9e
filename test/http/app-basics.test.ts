import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';
import { PG_ADMIN_URL } from '../support/database.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe('HTTP basics', () => {
  it('echoes a valid X-Request-Id and generates one otherwise', async () => {
    const echoed = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(echoed.headers['x-request-id'], 'abc-123');
    const generated = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': 'bad id with spaces' } });
    assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const onError = await t.app.inject({ method: 'GET', url: '/nowhere' });
    assert.ok(onError.headers['x-request-id']);
  });

  it('answers FastAPI-style 404 and 405', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/v1/nowhere' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { detail: 'Not Found' });
    const wrongMethod = await t.app.inject({ method: 'GET', url: '/v1/risk-score/ca-garaging' });
    assert.equal(wrongMethod.statusCode, 405);
    assert.deepEqual(wrongMethod.json(), { detail: 'Method Not Allowed' });
  });

  it('reports health without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'ok');
    assert.equal(res.json().storage, PG_ADMIN_URL ? 'postgres' : 'sqlite');
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/crash-data/aggregate',
      headers: { ...bearer(t.keys.enterprise), 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(res.statusCode, 413);
    assert.match(res.json().detail, /limit is \d+ bytes/);
  });
});

describe('OpenAPI document', () => {
  it('lists every endpoint with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.match(doc.openapi, /^3\./);
    const expected: [string, string][] = [
      ['post', '/v1/risk-score/ca-garaging'],
      ['post', '/v1/risk-score/ppa-garaging'],
      ['post', '/v1/crash-data/aggregate'],
      ['post', '/v1/risk-score/ca-telematics'],
      ['post', '/v1/risk-score/ppa-telematics'],
      ['get', '/v1/risk-score/ca-telematics/job/{job_id}/status'],
      ['get', '/v1/risk-score/ppa-telematics/job/{job_id}/status'],
      ['get', '/v1/risk-score/ca-telematics/job/{job_id}/result'],
      ['get', '/v1/risk-score/ppa-telematics/job/{job_id}/result'],
      ['get', '/v1/api-keys'],
      ['post', '/v1/api-keys'],
      ['delete', '/v1/api-keys/{key_id}'],
      ['get', '/v1/health'],
    ];
    for (const [method, path] of expected) {
      const operation = doc.paths[path]?.[method];
      assert.ok(operation, `${method} ${path} is documented`);
      assert.ok(operation.responses['200'], `${method} ${path} documents its 200 response`);
      if (method === 'post') assert.ok(operation.requestBody, `${method} ${path} documents its body`);
    }
    const ca = doc.paths['/v1/risk-score/ca-garaging'].post;
    const schema = ca.requestBody.content['application/json'].schema;
    assert.deepEqual(schema.required.sort(), ['policy_holder_id', 'vehicles']);
    assert.equal(schema.properties.vehicles.maxItems, 50);
    assert.ok(doc.paths['/v1/risk-score/ppa-telematics'].post.requestBody.content['multipart/form-data']);
    assert.ok(!('naics_code' in doc.paths['/v1/risk-score/ppa-garaging'].post.requestBody.content['application/json'].schema.properties));
  });

  it('serves interactive docs at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /swagger/i);
  });
});

describe('logging', () => {
  it('never writes a key secret to the log', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../../src/http/app.ts');
    const logged = await buildApp(t.services, { logLevel: 'trace', logStream: { write: (line: string) => void lines.push(line) } });
    await logged.inject({ method: 'GET', url: `/v1/api-keys?api_key=${t.keys.enterprise}`, headers: bearer(t.keys.enterprise) });
    await logged.inject({ method: 'POST', url: '/v1/risk-score/ca-garaging', headers: bearer(t.keys.enterprise), payload: { x: 1 } });
    await logged.close();
    assert.ok(lines.length > 0);
    assert.ok(!lines.join('\n').includes(t.keys.enterprise));
  });
});

describe('metrics', () => {
  it('exposes Prometheus metrics: request latency by route, jobs by status, data version', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(t.keys.enterprise) });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /roadrisk_http_request_duration_seconds_count\{method="GET",route="\/v1\/api-keys",status_code="200"\} \d+/);
    assert.match(res.body, /roadrisk_jobs\{status="pending"\} \d+/);
    assert.match(res.body, /roadrisk_crash_data_info\{version="none"\} 1/);
  });
});
