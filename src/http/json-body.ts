// Request bodies as FastAPI reads them (validation/body-errors.ts): JSON as CPython's json.loads
// (a syntax error becomes pydantic's `json_invalid` item), no bytes as "missing", undecodable
// bytes as a 400, and a body of another content type reaches validation as text (FastAPI then
// reports it is not an object) instead of a 415.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, RequestValidationError } from './errors.ts';
import { readBody } from './validation/body-errors.ts';

function parse(request: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void): void {
  const read = readBody(body, request.headers['content-type']);
  if (read.kind === 'value') return done(null, read.value);
  if (read.kind === 'invalid') return done(new RequestValidationError(read.errors));
  done(new ApiError('bad_request', 'There was an error parsing the body'));
}

export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, parse);
}
