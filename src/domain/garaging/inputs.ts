// Everything the garaging model reads, built once at start (loader.ts builds it from the shared
// data folder; tests build small synthetic ones).
import type { NationalCrashLayer, RefinementLayer } from './crash-layers.ts';
import type { KernelParams } from './crash-intensity.ts';
import type { PopulationIndex } from './population.ts';
import type { ReferencePoints } from './reference-sample.ts';
import type { StateBaseline } from './state-baseline.ts';

export interface GaragingInputs {
  national: NationalCrashLayer;
  refinements: readonly RefinementLayer[];
  population: PopulationIndex;
  /** The population-weighted reference sample (reference-sample.ts). */
  reference: ReferencePoints;
  stateBaseline: StateBaseline;
  /** Kernel parameters; DEFAULT_KERNEL unless a backtest tunes them. */
  kernel?: KernelParams;
}
