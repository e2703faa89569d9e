// The garaging model's public surface (docs/model.md). Startup: `loadGaragingInputs(sourceDataDir)`
// (or `buildGaragingInputs` from records already in hand), then `createGaragingScorer({ inputs,
// states, geocoder, naics, now })` and `scorer.warm()` to build the current window model.
export { createGaragingScorer, FACTOR_COUNT } from './garaging-scorer.ts';
export type {
  GaragingRequestBody, GaragingResponseBody, GaragingScorer, GaragingScorerDeps, LineOfBusiness, VehicleErrorBody, VehicleScoreBody,
} from './garaging-scorer.ts';
export { buildGaragingInputs, type GaragingSourceData } from './build-inputs.ts';
export { isNationalSource, loadGaragingInputs, type LoadOptions } from './loader.ts';
export type { GaragingInputs } from './inputs.ts';
export { WindowModels } from './window-models.ts';
