// Scores a telematics job: reads the converted upload one vehicle at a time, scores each, and
// assembles the CA or PPA result of the contract (decisions §7). A job fails only when no
// vehicle can be scored; unscorable vehicles are listed in the additive `errors`.
import {
  aggregatedRiskScore,
  isVehicleScoreError,
  scoreVehicleTrack,
  toCaItem,
  toPpaItem,
  type TelematicsScoringDeps,
  type VehicleScoreError,
  type VehicleScoreResult,
} from '../domain/telematics/scoring/index.ts';
import { openConvertedUpload, readVehicleTrack } from '../domain/telematics/csv/index.ts';
import type { JobRow } from '../storage/repositories/jobs.ts';
import type { JobHandler } from './worker.ts';
import type { JobOutcome } from './queue.ts';
import type { UploadStore } from '../storage/uploads/upload-store.ts';

export function telematicsResult(job: JobRow, scored: VehicleScoreResult<string>[], errors: VehicleScoreError[]) {
  const ca = job.job_type === 'ca-telematics';
  return {
    policy_holder_id: job.policy_holder_id,
    vehicle_risk_scores: scored.map((s) => (ca ? toCaItem(s) : toPpaItem(s))),
    job_type: ca ? 'ca-telematics-risk-score' : 'ppa-telematics-risk-score',
    version: 'v1' as const,
    errors: errors.length ? errors : null,
    aggregated_risk_score: aggregatedRiskScore(
      scored.map((s) => ({ vehicle_risk_score: s.vehicle_risk_score, exposure_seconds: s.exposure_seconds })),
    ),
  };
}

export function telematicsHandler(deps: TelematicsScoringDeps<string>, uploads: UploadStore): JobHandler {
  return async (job: JobRow, signal: AbortSignal): Promise<JobOutcome> => {
    if (!job.upload_dir) return { status: 'failed', errorMessage: 'the uploaded file is no longer available' };
    const upload = await openConvertedUpload(await uploads.open(job.upload_dir));
    const scored: VehicleScoreResult<string>[] = [];
    const errors: VehicleScoreError[] = [];
    for (const vehicle of upload.vehicles) {
      signal.throwIfAborted();
      const track = await readVehicleTrack(upload, vehicle);
      const result = scoreVehicleTrack({ ...track, vehicleId: vehicle.vehicleId }, deps);
      if (isVehicleScoreError(result)) errors.push(result);
      else scored.push(result);
      // Yield between vehicles so lease renewals and HTTP requests in this process get a turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (scored.length === 0) {
      const reasons = errors.slice(0, 3).map((e) => `${e.vehicle_id}: ${e.error_reason}`).join('; ');
      return { status: 'failed', errorMessage: `no vehicle could be scored (${reasons})` };
    }
    return { status: 'completed', resultJson: JSON.stringify(telematicsResult(job, scored, errors)) };
  };
}
