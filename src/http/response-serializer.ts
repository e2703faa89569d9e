// Response serialisation with fast-json-stringify, as Fastify does by default, but with one
// rewrite first: `anyOf: [X, {type: 'null'}]` (how TypeBox, and FastAPI's OpenAPI, spell an
// optional-or-null field) becomes X with `nullable: true`. For an anyOf, fast-json-stringify
// runs an Ajv validation of the value against each branch to pick one, per value: on a 50-vehicle
// garaging answer that was 11 % of the server's CPU (bench/garaging-http). `nullable` is a plain
// `=== null` test and writes the same JSON. The route schemas themselves (and so /openapi.json)
// keep their anyOf; only the serializer sees the rewrite.
import type { FastifyInstance } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';

type Schema = Record<string, unknown>;

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as Schema).type === 'null' && Object.keys(s).length === 1;

/** A copy of `schema` with every `anyOf: [X, null]` (X of one plain type) written as nullable X. */
export function nullableAsFlag(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsFlag);
  if (typeof schema !== 'object' || schema === null) return schema;
  const s = schema as Schema;
  if (Array.isArray(s.anyOf) && s.anyOf.length === 2) {
    const other = s.anyOf.find((branch) => !isNull(branch)) as Schema | undefined;
    if (other && s.anyOf.some(isNull) && typeof other.type === 'string' && other.anyOf === undefined) {
      const { anyOf: _anyOf, ...rest } = s;
      return nullableAsFlag({ ...rest, ...other, nullable: true });
    }
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(s)) out[key] = nullableAsFlag(value);
  return out;
}

export function installResponseSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => fastJsonStringify(nullableAsFlag(schema) as Parameters<typeof fastJsonStringify>[0]));
}
