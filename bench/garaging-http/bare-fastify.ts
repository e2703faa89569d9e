// The baseline a user would write: a bare Fastify 5 route validating the same body with the
// app's own TypeBox schemas (src/http/schemas/garaging.ts) through Fastify's default Ajv, and
// serialising a 50-item answer of the same shape through the app's response schema
// (fast-json-stringify). No auth, no rate limit, no scoring.
// node --import tsx bench/garaging-http/bare-fastify.ts PORT
import Fastify from 'fastify';
import { CaGaragingRequest, CaGaragingResponse, PpaGaragingRequest, PpaGaragingResponse } from '../../src/http/schemas/garaging.ts';
import { cannedAnswer } from './answer.ts';
import type { GaragingBody } from './bodies.ts';

const port = Number(process.argv[2]);
// Ajv's strict mode rejects keywords it does not know; the schema's `x-unique-by` is one
// (roadrisk's own validator implements it), so it is declared as an annotation.
const app = Fastify({ logger: false, ajv: { customOptions: { keywords: ['x-unique-by'] } } });
for (const [line, body, response] of [
  ['ppa', PpaGaragingRequest, PpaGaragingResponse],
  ['ca', CaGaragingRequest, CaGaragingResponse],
] as const) {
  app.post(`/v1/risk-score/${line}-garaging`, { schema: { body, response: { 200: response } } }, async (request) =>
    cannedAnswer(line, request.body as GaragingBody),
  );
}
await app.listen({ port, host: '127.0.0.1' });
process.stderr.write(`bare fastify listening on http://127.0.0.1:${port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
