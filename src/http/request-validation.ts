// Plugs the pydantic-compatible validator into Fastify, so route schemas (also the source of the
// OpenAPI document) validate requests and answer FastAPI's 422 items. Rules a schema cannot say
// (unknown NAICS code, start after end) are route refinements, reported with the field errors in
// one answer as pydantic's validators are.
import type { FastifyInstance } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { validate, type Refinement } from './validation/pydantic.ts';
import { missingBodyItem } from './validation/body-errors.ts';
import { RequestValidationError } from './errors.ts';

const LOC_ROOT: Record<string, string> = { params: 'path', querystring: 'query', headers: 'header', body: 'body' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Body refinements by "METHOD /url", read when a request is validated. */
    bodyRefinements: Map<string, Refinement[]>;
  }
}

export function installRequestValidation(app: FastifyInstance): void {
  app.decorate('bodyRefinements', new Map<string, Refinement[]>());
  app.setValidatorCompiler(({ schema, httpPart, method, url }) => {
    // Multipart forms are validated part by part while the upload streams (routes/telematics.ts).
    if ((schema as Record<string, unknown>)['x-multipart']) return () => true;
    const root = LOC_ROOT[httpPart ?? 'body'] ?? 'body';
    const routeKey = `${method} ${url}`;
    return (data: unknown) => {
      // Fastify hands an absent body over as null; FastAPI reports both as a missing body.
      if (root === 'body' && (data === null || data === undefined)) {
        return { error: new RequestValidationError([missingBodyItem()]) };
      }
      const refinements = root === 'body' ? app.bodyRefinements.get(routeKey) : undefined;
      const result = validate(schema as TSchema, data, [root], {
        refinements,
        missingInput: root === 'body' ? 'enclosing' : 'null',
      });
      return result.ok ? { value: result.value } : { error: new RequestValidationError(result.errors) };
    };
  });
}
