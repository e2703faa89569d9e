// One error type with a closed set of codes, mapped to statuses and FastAPI-shaped bodies in one
// place (decisions §2). Validation failures carry pydantic items instead (RequestValidationError).
export type ApiErrorCode =
  | 'bad_request'
  | 'not_authenticated'
  | 'invalid_api_key'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'job_not_ready'
  | 'job_expired'
  | 'file_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_available'
  | 'internal';

const STATUS: Record<ApiErrorCode, number> = {
  bad_request: 400,
  not_authenticated: 401,
  invalid_api_key: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  job_not_ready: 409,
  job_expired: 410,
  file_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_available: 503,
  internal: 500,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = STATUS[code];
  }
}

export interface ValidationItem {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export class RequestValidationError extends Error {
  constructor(readonly items: ValidationItem[]) {
    super('request validation failed');
  }
}

export const notAuthenticated = () => new ApiError('not_authenticated', 'Not authenticated', { 'WWW-Authenticate': 'Bearer' });
export const invalidApiKey = () => new ApiError('invalid_api_key', 'Invalid API key', { 'WWW-Authenticate': 'Bearer' });
export const jobNotFound = () => new ApiError('not_found', 'Job not found');
export const notAvailableYet = (what: string) => new ApiError('not_available', `${what} is not available yet`);

/** A custom rule failure as pydantic reports a `ValueError` raised in a validator. */
export function valueErrorItem(loc: (string | number)[], message: string, input: unknown): ValidationItem {
  return { type: 'value_error', loc, msg: `Value error, ${message}`, input, ctx: { error: message } };
}
