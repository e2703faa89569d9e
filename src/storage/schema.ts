// Table types for Kysely. Timestamps are ISO 8601 UTC strings so the same rows and comparisons
// work on SQLite and PostgreSQL (the scale-out store) without per-dialect conversion.
import type { Generated } from 'kysely';

export interface AccountsTable {
  id: string;
  name: string;
  plan: string;
  email: string | null;
  password_hash: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  start: string;
  environment: string;
  role: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface UsageDailyTable {
  account_id: string;
  key_id: string;
  day: string;
  endpoint: string;
  requests: number;
}

export interface JobsTable {
  id: string;
  account_id: string;
  job_type: string;
  status: string;
  error_message: string | null;
  policy_holder_id: string;
  naics_code: string | null;
  version: string;
  callback_url: string | null;
  callback_key: string | null;
  upload_dir: string | null;
  max_running: number;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  result_json: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

export interface CrashSourcesTable {
  name: string;
  format: string;
  /** JSON array of severities the source contains. */
  severities: string;
  area: string;
  /** JSON array of {state, year} the source claims to cover. */
  coverage: string;
  fingerprint: string;
  /** JSON of the import reports (rows read, kept, rejected by reason) per file. */
  report: string;
  imported_at: string;
}

export interface CrashesTable {
  source: string;
  source_id: string;
  crash_date: string;
  crash_time: string | null;
  latitude: number;
  longitude: number;
  state: string;
  injuries: number;
  fatalities: number;
  severity: string;
}

export interface RateWindowsTable {
  key_id: string;
  /** Epoch ms of the window's start. */
  window_start: number;
  requests: number;
}

export interface UploadChunksTable {
  job_id: string;
  file: string;
  seq: number;
  data: Uint8Array;
}

export interface Database {
  rate_windows: RateWindowsTable;
  upload_chunks: UploadChunksTable;
  crash_sources: CrashSourcesTable;
  crashes: CrashesTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  usage_daily: UsageDailyTable;
  jobs: JobsTable;
}
