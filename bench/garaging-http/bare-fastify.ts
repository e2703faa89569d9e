// The baseline a user would write: a bare Fastify 5 route validating the same body with the
// app's own TypeBox schemas (src/http/schemas/garaging.ts) through Fastify's default Ajv, and
// serialising a 50-item answer of the same shape through the app's response schema
// (fast-json-stringify). No auth, no rate limit, no scoring.
// With PROCESSES > 1, that many such processes on one port through node:cluster, as roadrisk's
// ROADRISK_API_PROCESSES runs them.
// node --import tsx bench/garaging-http/bare-fastify.ts PORT [PROCESSES]
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { CaGaragingRequest, CaGaragingResponse, PpaGaragingRequest, PpaGaragingResponse } from '../../src/http/schemas/garaging.ts';
import { cannedAnswer } from './answer.ts';
import type { GaragingBody } from './bodies.ts';

const port = Number(process.argv[2]);
const processes = Number(process.argv[3] ?? 1);
if (processes > 1 && cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === processes) process.stderr.write(`bare fastify listening on http://127.0.0.1:${port} (${processes} processes)\n`);
  });
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  });
  for (let i = 0; i < processes; i++) cluster.fork();
} else {
  await serve();
}

async function serve(): Promise<void> {
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
  if (!cluster.isWorker) process.stderr.write(`bare fastify listening on http://127.0.0.1:${port}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
