// The floor: node:http reading the JSON body and sending a 50-item answer of the same shape with
// JSON.stringify. No validation, no framework.
// node --import tsx bench/garaging-http/bare-http.ts PORT
import { createServer } from 'node:http';
import { cannedAnswer } from './answer.ts';
import type { GaragingBody } from './bodies.ts';

const port = Number(process.argv[2]);
const ROUTE = /^\/v1\/risk-score\/(ca|ppa)-garaging$/;
const server = createServer((req, res) => {
  const match = ROUTE.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: GaragingBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as GaragingBody;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const payload = JSON.stringify(cannedAnswer(match[1] as 'ca' | 'ppa', body));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
    res.end(payload);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1', () => process.stderr.write(`bare node:http listening on http://127.0.0.1:${port}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
