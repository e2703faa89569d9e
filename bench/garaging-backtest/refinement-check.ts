// "A place must never score higher only because a richer source covers it": inside each refinement
// footprint, compare the refined and unrefined intensity over the reference points (people) and
// over the footprint's cells (area). Means near 1.0 say the refinement redistributes, not adds.
import { dataWindow, lastUsableDay } from '../../src/domain/garaging/data-window.ts';
import type { GaragingInputs } from '../../src/domain/garaging/inputs.ts';
import { assessLocation } from '../../src/domain/garaging/model.ts';
import { inFootprint } from '../../src/domain/garaging/refinement.ts';
import { WindowModels } from '../../src/domain/garaging/window-models.ts';

export function refinementCheck(inputs: GaragingInputs, effectiveDate: string): string {
  const lastDay = lastUsableDay(new Date(`${effectiveDate}T00:00:00Z`));
  const anyState = [...inputs.national.coverage.values()][0];
  const model = new WindowModels(inputs).get(dataWindow(anyState, lastDay)!, lastDay);
  const lines = [`### Refinement check (effective ${effectiveDate})\n`, '| source | over | points | mean refined / mean national intensity | factor min | factor max |', '|---|---|---|---|---|---|'];
  for (const ctx of model.refinements) {
    const ref = inputs.reference;
    const people = [...ref.latitude.keys()].filter((i) => inFootprint(ctx.layer, ref.latitude[i], ref.longitude[i]))
      .map((i) => ({ latitude: ref.latitude[i], longitude: ref.longitude[i], state: ref.state[i] }));
    const cells = ctx.layer.footprint.centres.map((c) => ({ ...c, state: ctx.layer.state }));
    for (const [over, pts] of [['people (reference points)', people], ['area (footprint cells)', cells]] as const) {
      let refined = 0, national = 0, lo = Infinity, hi = -Infinity;
      for (const p of pts) {
        const a = assessLocation(inputs, model, p.latitude, p.longitude, p.state);
        refined += a.intensity;
        national += a.nationalIntensity;
        const f = a.refinement?.factor ?? 1;
        lo = Math.min(lo, f);
        hi = Math.max(hi, f);
      }
      lines.push(`| ${ctx.layer.name} | ${over} | ${pts.length} | ${(refined / national).toFixed(3)} | ${lo.toFixed(3)} | ${hi.toFixed(3)} |`);
    }
  }
  return lines.join('\n');
}
