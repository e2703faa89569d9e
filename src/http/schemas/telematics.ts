// Telematics queue, job record and results (service-spec.md; decisions §7).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../validation/pydantic.ts';
import { JOB_STATUSES } from '../../domain/vocabulary.ts';
import { Factor, NaicsCode, Nullable, UsStateSchema } from './common.ts';

/** Documents the multipart parts for OpenAPI; the route validates them while streaming. */
function queueForm(withNaics: boolean, title: string) {
  return Type.Object(
    {
      file: Type.String({ format: 'binary', description: 'CSV of GPS points: latitude, longitude, timestamp[, vehicle_id]' }),
      version: Type.Optional(Type.Literal('v1', { default: 'v1' })),
      policy_holder_id: Type.String({ minLength: 1 }),
      ...(withNaics ? { naics_code: Type.Optional(NaicsCode) } : {}),
      callback_url: Type.Optional(Type.String({ format: 'uri', description: 'POSTed the job record when it ends, signed' })),
    },
    { title, 'x-multipart': true },
  );
}

export const CaTelematicsForm = queueForm(true, 'CATelematicsQueueRequest');
export const PpaTelematicsForm = queueForm(false, 'PPATelematicsQueueRequest');

export const JobRecord = Type.Object(
  {
    job_id: Type.String(),
    status: StringEnum([...JOB_STATUSES]),
    error_message: Nullable(Type.String()),
  },
  { title: 'JobRecord' },
);
export type JobRecord = Static<typeof JobRecord>;

export const JobParams = Type.Object({ job_id: Type.String() });

const StateExposure = Type.Object({ usstate: UsStateSchema, exposure_seconds: Type.Integer(), share: Type.Number() });
const VehicleError = Type.Object({ vehicle_id: Type.String(), error_reason: Type.String() });
const BehaviourFigures = Type.Object({}, { additionalProperties: Type.Number() });

const PpaVehicle = Type.Object({
  vehicle_id: Type.String(),
  vehicle_risk_score: Type.Number(),
  version: Type.Literal('v1'),
  metadata: Type.Object({
    start: Type.String(),
    end: Type.String(),
    num_trips: Type.Integer(),
    exposure_seconds: Type.Integer(),
    state_exposure: Type.Array(StateExposure),
    factors: Type.Optional(Type.Array(Factor)),
    figures: Type.Optional(BehaviourFigures),
  }),
});

const CaVehicle = Type.Object({
  vehicle_id: Type.String(),
  vehicle_risk_score: Type.Number(),
  telematics_metadata: Type.Object({
    start: Type.String(),
    end: Type.String(),
    num_trips: Type.Integer(),
    exposure_seconds: Type.Integer(),
    states: Type.Array(UsStateSchema),
    factors: Type.Optional(Type.Array(Factor)),
    figures: Type.Optional(BehaviourFigures),
  }),
});

function telematicsResult<V extends TSchema>(vehicle: V, jobType: string, title: string) {
  return Type.Object(
    {
      policy_holder_id: Type.String(),
      vehicle_risk_scores: Type.Array(vehicle),
      job_type: Type.Literal(jobType),
      version: Type.Literal('v1'),
      errors: Nullable(Type.Array(VehicleError)),
      aggregated_risk_score: Nullable(Type.Number()),
    },
    { title },
  );
}

export const PpaTelematicsResult = telematicsResult(PpaVehicle, 'ppa-telematics-risk-score', 'PPATelematicsResult');
export const CaTelematicsResult = telematicsResult(CaVehicle, 'ca-telematics-risk-score', 'CATelematicsResult');
