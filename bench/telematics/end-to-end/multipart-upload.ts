// Streams a file to a multipart/form-data endpoint without holding it in memory: a hand-written
// body (text parts, the file part's headers, the file piped from disk, the closing boundary) with
// an exact Content-Length, so neither side falls back to chunked encoding.
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface UploadTiming {
  status: number;
  body: string;
  bytes: number;
  /** ms since the upload started: last body byte handed to the socket, and the response's end. */
  sentMs: number;
  answeredMs: number;
}

export function uploadMultipart(
  url: string,
  apiKey: string,
  fields: Record<string, string>,
  filePath: string,
  fileName = basename(filePath),
): Promise<UploadTiming> {
  const boundary = `----roadrisk-bench-${randomBytes(12).toString('hex')}`;
  const textParts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const preamble = Buffer.from(
    `${textParts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: text/csv\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileBytes = statSync(filePath).size;
  const bytes = preamble.length + fileBytes + epilogue.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sentMs = NaN;
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(bytes),
      },
    });
    req.on('error', reject);
    req.on('finish', () => (sentMs = performance.now() - started));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          bytes,
          sentMs,
          answeredMs: performance.now() - started,
        }),
      );
    });
    req.write(preamble);
    const file = createReadStream(filePath, { highWaterMark: 1 << 20 });
    file.on('error', (error) => req.destroy(error));
    file.on('end', () => req.end(epilogue));
    file.pipe(req, { end: false });
  });
}
