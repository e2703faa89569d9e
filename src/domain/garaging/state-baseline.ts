// State baseline (v2): collision losses incurred per insured driver in the state, relative to the
// population-weighted national mean.
//
// Source: shared/data/states/bad-drivers.csv (FiveThirtyEight, "Dear Mona, Which State Has The
// Worst Drivers?", 2014, CC BY 4.0), column "Losses incurred by insurance companies for collisions
// per insured driver ($)", which FiveThirtyEight took from the NAIC (2010 data). It is the one
// loss-based, all-severity, every-state figure in the shared data, so it carries what FARS cannot:
// how much non-fatal collision loss a state's drivers generate (repair costs, claim habits, traffic).
// Weights: 2020 Census population of the state (sum of its block groups), so that 1.0 is the
// average American's state.
import { parseUsState, type UsState } from '../geo/us-states.ts';

export interface StateLossRow {
  state: string;
  lossesPerInsuredDriver: number;
}

export class StateBaseline {
  private constructor(
    private readonly losses: ReadonlyMap<UsState, number>,
    readonly nationalMean: number,
  ) {}

  /** Rows by state name or code; population by state code. Every state must have a row. */
  static fromRows(rows: readonly StateLossRow[], populationByState: ReadonlyMap<string, number>): StateBaseline {
    const losses = new Map<UsState, number>();
    for (const row of rows) {
      const code = parseUsState(row.state);
      if (code === undefined) throw new Error(`state baseline: unknown state ${row.state}`);
      if (!(row.lossesPerInsuredDriver > 0)) throw new Error(`state baseline: bad loss for ${row.state}`);
      losses.set(code, row.lossesPerInsuredDriver);
    }
    let weighted = 0, people = 0;
    for (const [code, loss] of losses) {
      const p = populationByState.get(code) ?? 0;
      weighted += p * loss;
      people += p;
    }
    if (people <= 0) throw new Error('state baseline: no population weights');
    return new StateBaseline(losses, weighted / people);
  }

  /** Dollars of collision losses per insured driver, or null for a state without a row. */
  lossesOf(state: string): number | null {
    return this.losses.get(state as UsState) ?? null;
  }

  /** The state's relativity; 1.0 (the national mean) for a state without a row. */
  relativityOf(state: string): number {
    const loss = this.lossesOf(state);
    return loss === null ? 1 : loss / this.nationalMean;
  }
}
