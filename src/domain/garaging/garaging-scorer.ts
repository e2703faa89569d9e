// POST /v1/risk-score/{ca,ppa}-garaging as a domain call: request object in, response object out
// (service-spec.md "CA garaging response"; decisions.md §3 and §5). Validation happened before.
import { coverageEntries, type StateYear } from '../crashes/catalog.ts';
import type { UsState } from '../geo/us-states.ts';
import type { Urbanicity, VehicleType } from '../vocabulary.ts';
import { roundTo4 } from './calibration.ts';
import { DEFAULT_KERNEL } from './crash-intensity.ts';
import { dataWindow, isoDay, lastUsableDay, type DataWindow } from './data-window.ts';
import { formatEffectiveDate, parseEffectiveDate } from './effective-date.ts';
import { resolveLocation, type GaragingLocationInput, type LocationServices, type ResolvedLocation } from './garaging-location.ts';
import type { GaragingInputs } from './inputs.ts';
import { LocationCache, vehicleKey } from './location-cache.ts';
import { assessLocation, vehicleRisk, type Factor, type LocationAssessment, type ModelVersion } from './model.ts';
import type { WindowModel } from './window-model.ts';
import { WindowModels } from './window-models.ts';

/** How many contributions `factors` lists (the telematics scores list 3 as well). */
export const FACTOR_COUNT = 3;

export type LineOfBusiness = 'ca' | 'ppa';

export interface GaragingRequestBody {
  policy_holder_id: string;
  vehicles: { vehicle_id: string; garaging_location: GaragingLocationInput; body_type?: VehicleType | null }[];
  version?: ModelVersion;
  naics_code?: string | null;
  effective_date?: string | null;
}

export interface VehicleScoreBody {
  vehicle_id: string;
  vehicle_risk_score: number;
  metadata: {
    effective_date: string;
    garaging_location: {
      latitude: number;
      longitude: number;
      usstate: UsState;
      urbanicity: Urbanicity;
      geocoding_confidence?: 'high' | 'medium' | 'low' | null;
    };
    coverage: { usstate: UsState; years: number[] }[];
    naics_code?: { code: string; description: string } | null;
    factors: Factor[];
  };
}

export interface VehicleErrorBody {
  vehicle_id: string;
  effective_date: string | null;
  usstate?: UsState | null;
  error_reason: string;
}

export interface GaragingResponseBody {
  job_type: 'ca-garaging-risk-score' | 'ppa-garaging-risk-score';
  version: ModelVersion;
  policy_holder_id: string;
  vehicle_risk_scores: VehicleScoreBody[];
  errors: VehicleErrorBody[] | null;
  aggregated_risk_score: number | null;
}

export interface GaragingScorerDeps {
  inputs: GaragingInputs;
  states: { stateOf(lat: number, lon: number): UsState | null; statesWithinRadius(lat: number, lon: number, radiusKm: number): UsState[] };
  geocoder?: { geocode: NonNullable<LocationServices['geocode']> } | null;
  naics?: { lookup(code: string): { code: string; description: string } | null } | null;
  now?: () => Date;
  /** Reads effective_date; the HTTP layer may pass its pydantic-exact reader. */
  parseEffectiveDate?: (value: string) => Date;
  /** Share a cache (and so the exact references) with another scorer; tests freeze models this way. */
  windowModels?: WindowModels;
  /** Recent locations' assessments (location-cache.ts); default DEFAULT_LOCATION_CACHE_ENTRIES. */
  locationCacheEntries?: number;
}

interface RequestContext {
  line: LineOfBusiness;
  version: ModelVersion;
  lastDay: number;
  effectiveText: string;
  naics: { code: string; description: string } | undefined;
}

export interface GaragingScorer {
  score(line: LineOfBusiness, request: GaragingRequestBody): Promise<GaragingResponseBody>;
  scoreSync(line: LineOfBusiness, request: GaragingRequestBody): GaragingResponseBody;
  /** Builds the window model for an effective instant (default now) ahead of the first request. */
  warm(effective?: Date): void;
  readonly windowModels: WindowModels;
}

export function createGaragingScorer(deps: GaragingScorerDeps): GaragingScorer {
  const windowModels = deps.windowModels ?? new WindowModels(deps.inputs);
  const now = deps.now ?? (() => new Date());
  const locations = new LocationCache(deps.locationCacheEntries);
  const readDate = deps.parseEffectiveDate ?? parseEffectiveDate;
  const services: LocationServices = {
    stateOf: (lat, lon) => deps.states.stateOf(lat, lon),
    geocode: deps.geocoder ? (input) => deps.geocoder!.geocode(input) : null,
  };
  const { national } = deps.inputs;
  // Per state, for the last day seen: its data window and that window's model (null: no data).
  // Requests of one day share them.
  let windowCache = { lastDay: NaN, byState: new Map<string, { window: DataWindow; model: WindowModel } | null>() };
  const windowOf = (state: string, lastDay: number): { window: DataWindow; model: WindowModel } | null => {
    if (windowCache.lastDay !== lastDay) windowCache = { lastDay, byState: new Map() };
    let found = windowCache.byState.get(state);
    if (found === undefined) {
      const window = dataWindow(national.coverage.get(state) ?? [], lastDay);
      found = window && { window, model: windowModels.get(window, lastDay) };
      windowCache.byState.set(state, found);
    }
    return found;
  };

  function scoreSync(line: LineOfBusiness, request: GaragingRequestBody): GaragingResponseBody {
    const effective = request.effective_date == null ? now() : readDate(request.effective_date);
    const effectiveText = formatEffectiveDate(effective);
    const lastDay = lastUsableDay(effective);
    const version: ModelVersion = request.version ?? 'v2';
    const naics = line === 'ca' ? naicsOf(request.naics_code) : undefined;
    const scores: VehicleScoreBody[] = [];
    const errors: VehicleErrorBody[] = [];
    const context = { line, version, lastDay, effectiveText, naics };
    for (const vehicle of request.vehicles) {
      const result = scoreVehicle(vehicle, context);
      if ('error_reason' in result) errors.push(result);
      else scores.push(result);
    }
    const mean = scores.length === 0 ? null : roundTo4(scores.reduce((s, v) => s + v.vehicle_risk_score, 0) / scores.length);
    return {
      job_type: line === 'ca' ? 'ca-garaging-risk-score' : 'ppa-garaging-risk-score',
      version,
      policy_holder_id: request.policy_holder_id,
      vehicle_risk_scores: scores,
      errors: errors.length === 0 ? null : errors,
      aggregated_risk_score: mean,
    };
  }

  function scoreVehicle(vehicle: GaragingRequestBody['vehicles'][number], ctx: RequestContext): VehicleScoreBody | VehicleErrorBody {
    const resolved = resolveLocation(vehicle.garaging_location, services);
    if (!resolved.ok) return vehicleError(vehicle.vehicle_id, ctx, resolved.reason, resolved.usstate);
    const { location } = resolved;
    const windowed = windowOf(location.state, ctx.lastDay);
    if (windowed === null) {
      return vehicleError(vehicle.vehicle_id, ctx, noDataReason(location.state, ctx.lastDay, national.coverage.get(location.state) ?? []), location.state);
    }
    const { window, model } = windowed;
    let entry = locations.find(model, location.latitude, location.longitude);
    if (entry === undefined) {
      const fresh = assessLocation(deps.inputs, model, location.latitude, location.longitude, location.state);
      entry = {
        model, latitude: location.latitude, longitude: location.longitude,
        assessment: fresh, coverage: coverageOf(location, fresh, model, window), scores: new Map(),
      };
      locations.offer(entry); // kept from a location's second sight on (location-cache.ts)
    }
    const { assessment, coverage } = entry;
    const key = vehicleKey(ctx.version, vehicle.body_type, ctx.naics?.code);
    let scored = entry.scores.get(key);
    if (scored === undefined) {
      const traits = { bodyType: vehicle.body_type ?? null, naics: ctx.naics ? { code: ctx.naics.code, sectorTitle: sectorTitle(ctx.naics.code) } : null };
      const risk = vehicleRisk(ctx.version, deps.inputs, model, assessment, traits);
      const reference = ctx.version === 'v1' ? model.v1 : model.v2;
      scored = {
        score: reference.scoreOf(risk.vehicleRisk),
        factors: risk.contributions.slice(0, FACTOR_COUNT).map((f) => ({ name: f.name, value: f.value, effect: roundTo4(f.effect) })),
      };
      entry.scores.set(key, scored);
    }
    // Built without object spreads: this runs for every vehicle of every request.
    const metadata: VehicleScoreBody['metadata'] = {
      effective_date: ctx.effectiveText,
      garaging_location: locationMetadata(location, assessment),
      coverage: coverage as VehicleScoreBody['metadata']['coverage'],
      factors: scored.factors as Factor[],
    };
    if (ctx.line === 'ca') metadata.naics_code = ctx.naics ?? null;
    return { vehicle_id: vehicle.vehicle_id, vehicle_risk_score: scored.score, metadata };
  }

  function naicsOf(code: string | null | undefined): { code: string; description: string } | undefined {
    if (code == null) return undefined;
    return deps.naics?.lookup(code) ?? { code, description: '' };
  }

  function sectorTitle(code: string): string {
    return deps.naics?.lookup(code.slice(0, 2))?.description ?? '';
  }

  // Coverage depends only on the states the kernel reaches and the refinement source used, so
  // the few distinct answers are built once per window model (shared, never modified).
  const widestDiscKm = Math.max(...(deps.inputs.kernel ?? DEFAULT_KERNEL).radiiKm);
  const coverageByModel = new WeakMap<WindowModel, Map<string, { usstate: UsState; years: number[] }[]>>();

  function coverageOf(location: ResolvedLocation, assessment: LocationAssessment, model: WindowModel, window: DataWindow): { usstate: UsState; years: number[] }[] {
    // Every state whose crashes can enter the widest kernel disc, for the window's years it covers.
    const reached = deps.states.statesWithinRadius(location.latitude, location.longitude, widestDiscKm);
    const key = `${location.state} ${reached.join(' ')} ${assessment.refinement?.source ?? ''}`;
    let byKey = coverageByModel.get(model);
    if (byKey === undefined) coverageByModel.set(model, (byKey = new Map()));
    let coverage = byKey.get(key);
    if (coverage === undefined) byKey.set(key, (coverage = buildCoverage(location.state, reached, assessment, model, window)));
    return coverage;
  }

  function buildCoverage(state: UsState, reached: readonly UsState[], assessment: LocationAssessment, model: WindowModel, window: DataWindow): { usstate: UsState; years: number[] }[] {
    const pairs: StateYear[] = [];
    const states = new Set<string>([state, ...reached]);
    for (const state of states) {
      const covered = new Set(national.coverage.get(state) ?? []);
      for (const year of window.years) if (covered.has(year)) pairs.push({ state, year });
    }
    const used = model.refinements.find((ctx) => ctx.layer.name === assessment.refinement?.source);
    for (const year of used?.window.years ?? []) pairs.push({ state: used!.layer.state, year });
    return coverageEntries(pairs) as { usstate: UsState; years: number[] }[];
  }

  return {
    scoreSync,
    score: async (line, request) => scoreSync(line, request),
    warm(effective = now()) {
      const lastDay = lastUsableDay(effective);
      for (const years of new Set([...national.coverage.values()].map((y) => y.join(',')))) {
        const window = dataWindow(years.split(',').map(Number), lastDay);
        if (window) windowModels.get(window, lastDay);
      }
    },
    windowModels,
  };
}

function locationMetadata(location: ResolvedLocation, assessment: LocationAssessment): VehicleScoreBody['metadata']['garaging_location'] {
  const out: VehicleScoreBody['metadata']['garaging_location'] = {
    latitude: location.latitude,
    longitude: location.longitude,
    usstate: location.state,
    urbanicity: assessment.urbanicity,
  };
  if (location.confidence !== null) out.geocoding_confidence = location.confidence;
  return out;
}

function vehicleError(vehicleId: string, ctx: RequestContext, reason: string, usstate: UsState | null): VehicleErrorBody {
  return { vehicle_id: vehicleId, effective_date: ctx.effectiveText, usstate, error_reason: reason };
}

function noDataReason(state: string, lastDay: number, years: readonly number[]): string {
  const span = years.length === 0 ? 'none' : `${Math.min(...years)}-${Math.max(...years)}`;
  return `no crash data for ${state} on or before ${isoDay(lastDay + 1)} (years of data: ${span})`;
}
