// POST /v1/risk-score/ca-garaging and /ppa-garaging on the real public data.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ crashData: true });
});
after(() => t.close());

const score = (line: 'ca' | 'ppa', body: unknown) =>
  t.app.inject({ method: 'POST', url: `/v1/risk-score/${line}-garaging`, headers: bearer(t.keys.enterprise), payload: body as never });

const oakland = { latitude: 37.8044, longitude: -122.2712 };
const ruralNevada = { latitude: 39.5, longitude: -116.5 };

describe('garaging scores on the real data', () => {
  it('answers the CA shape: scores in [0, 1], metadata, NAICS, coverage, factors', async () => {
    const res = await score('ca', {
      policy_holder_id: 'fleet-7',
      naics_code: '484121',
      effective_date: '2015-01-01',
      vehicles: [
        { vehicle_id: 'truck-1', garaging_location: oakland, body_type: 'truck-tractor' },
        { vehicle_id: 'van-2', garaging_location: ruralNevada, body_type: 'cargo-van' },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.job_type, 'ca-garaging-risk-score');
    assert.equal(body.version, 'v2');
    assert.equal(body.policy_holder_id, 'fleet-7');
    assert.equal(body.errors, null);
    assert.equal(body.vehicle_risk_scores.length, 2);
    const [truck, van] = body.vehicle_risk_scores;
    for (const v of body.vehicle_risk_scores) {
      assert.ok(v.vehicle_risk_score >= 0 && v.vehicle_risk_score <= 1);
      assert.equal(v.metadata.effective_date, '2015-01-01T00:00:00Z');
      assert.deepEqual(v.metadata.naics_code, { code: '484121', description: 'General Freight Trucking, Long-Distance, Truckload' });
      assert.ok(v.metadata.factors.length > 0);
      assert.equal('geocoding_confidence' in v.metadata.garaging_location, false);
    }
    assert.equal(truck.metadata.garaging_location.usstate, 'CA');
    assert.equal(van.metadata.garaging_location.usstate, 'NV');
    assert.ok(truck.vehicle_risk_score > van.vehicle_risk_score, 'downtown Oakland is riskier than rural Nevada');
    assert.ok(truck.metadata.coverage.some((c: { usstate: string; years: number[] }) => c.usstate === 'CA' && c.years.every((y) => y <= 2014)));
    const mean = (truck.vehicle_risk_score + van.vehicle_risk_score) / 2;
    assert.ok(Math.abs(body.aggregated_risk_score - mean) < 1e-3);
  });

  it('answers the PPA shape without NAICS, and v1 on request', async () => {
    const res = await score('ppa', { policy_holder_id: 'p', version: 'v1', vehicles: [{ vehicle_id: 'car', garaging_location: oakland }] });
    const body = res.json();
    assert.equal(body.job_type, 'ppa-garaging-risk-score');
    assert.equal(body.version, 'v1');
    assert.equal(body.vehicle_risk_scores[0].metadata.naics_code ?? null, null);
  });

  it('puts unscorable vehicles in errors and still answers 200', async () => {
    const res = await score('ppa', {
      policy_holder_id: 'p',
      effective_date: '2015-01-01',
      vehicles: [
        { vehicle_id: 'lake', garaging_location: { latitude: 43.5, longitude: -87.0 } },
        { vehicle_id: 'nowhere', garaging_location: { address: 'Nowhere Special, ZZ' } },
        { vehicle_id: 'ok', garaging_location: oakland },
      ],
    });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(body.vehicle_risk_scores.map((v: { vehicle_id: string }) => v.vehicle_id), ['ok']);
    assert.deepEqual(body.errors.map((e: { vehicle_id: string }) => e.vehicle_id).sort(), ['lake', 'nowhere']);
    for (const e of body.errors) assert.equal(typeof e.error_reason, 'string');
  });

  it('has no data before 2013: the vehicle goes to errors with its state', async () => {
    const body = (await score('ppa', { policy_holder_id: 'p', effective_date: '2010-06-01', vehicles: [{ vehicle_id: 'v', garaging_location: oakland }] })).json();
    assert.equal(body.vehicle_risk_scores.length, 0);
    assert.equal(body.errors[0].usstate, 'CA');
    assert.equal(body.aggregated_risk_score, null);
  });

  it('geocodes an address and reports its confidence', async () => {
    const body = (await score('ppa', { policy_holder_id: 'p', vehicles: [{ vehicle_id: 'v', garaging_location: { address: '1 Broadway, Oakland, CA 94607' } }] })).json();
    const location = body.vehicle_risk_scores[0].metadata.garaging_location;
    assert.equal(location.usstate, 'CA');
    assert.ok(['high', 'medium', 'low'].includes(location.geocoding_confidence));
  });

  it('ranks big-city cores above rural places; Manhattan is dense-urban or denser', async () => {
    const places: Record<string, { latitude: number; longitude: number }> = {
      manhattan: { latitude: 40.758, longitude: -73.9855 },
      chicagoLoop: { latitude: 41.8819, longitude: -87.6278 },
      centralLA: { latitude: 34.0522, longitude: -118.2437 },
      ruralWyoming: { latitude: 43.0, longitude: -107.5 },
      ruralIowa: { latitude: 42.3, longitude: -94.6 },
      ruralNevada: ruralNevada,
    };
    const body = (
      await score('ppa', {
        policy_holder_id: 'p',
        effective_date: '2015-01-01',
        vehicles: Object.entries(places).map(([vehicle_id, garaging_location]) => ({ vehicle_id, garaging_location })),
      })
    ).json();
    const by = Object.fromEntries(body.vehicle_risk_scores.map((v: { vehicle_id: string }) => [v.vehicle_id, v]));
    for (const city of ['manhattan', 'chicagoLoop', 'centralLA']) {
      for (const rural of ['ruralWyoming', 'ruralIowa', 'ruralNevada']) {
        assert.ok(by[city].vehicle_risk_score > by[rural].vehicle_risk_score, `${city} above ${rural}`);
      }
    }
    assert.ok(['dense-urban', 'very-dense-urban'].includes(by.manhattan.metadata.garaging_location.urbanicity));
  });

  it('gives identical answers to identical requests', async () => {
    const request = { policy_holder_id: 'p', effective_date: '2015-06-01T00:00:00Z', vehicles: [{ vehicle_id: 'v', garaging_location: oakland }] };
    assert.deepEqual((await score('ppa', request)).json(), (await score('ppa', request)).json());
  });
});
