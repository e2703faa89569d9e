// Request bodies as FastAPI reads them: JSON is parsed here so a syntax error becomes pydantic's
// `json_invalid` item, an empty body becomes "missing", and a body of another content type reaches
// validation as text (FastAPI then reports it is not an object) instead of a 415.
import type { FastifyInstance } from 'fastify';
import { RequestValidationError } from './errors.ts';
import { jsonInvalidItem } from './validation/json-error.ts';

export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJson = (_req: unknown, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new RequestValidationError([jsonInvalidItem(text)]));
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);
  app.addContentTypeParser(/^application\/[\w.+-]*\+json$/, { parseAs: 'string' }, parseJson);
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body === '' ? undefined : body));
}
