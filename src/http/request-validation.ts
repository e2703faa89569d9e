// Plugs the pydantic-compatible validator into Fastify, so route schemas (also the source of the
// OpenAPI document) validate requests and answer FastAPI's 422 items.
import type { FastifyInstance } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { validate } from './validation/pydantic.ts';
import { missingBodyItem, notAnObjectItem } from './validation/body-errors.ts';
import { RequestValidationError } from './errors.ts';

const LOC_ROOT: Record<string, string> = { params: 'path', querystring: 'query', headers: 'header', body: 'body' };

export function installRequestValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    // Multipart forms are validated part by part while the upload streams (routes/telematics.ts).
    if ((schema as Record<string, unknown>)['x-multipart']) return () => true;
    const root = LOC_ROOT[httpPart ?? 'body'] ?? 'body';
    return (data: unknown) => {
      if (root === 'body') {
        // Fastify hands an absent body over as null; FastAPI reports both as a missing body.
        if (data === null || data === undefined) return { error: new RequestValidationError([missingBodyItem()]) };
        if (typeof data !== 'object' || Array.isArray(data)) {
          return { error: new RequestValidationError([notAnObjectItem(data)]) };
        }
      }
      const result = validate(schema as TSchema, data, [root]);
      return result.ok ? { value: result.value } : { error: new RequestValidationError(result.errors) };
    };
  });
}
