// What the telematics routes need from the upload pipeline: stream a CSV into a job's folder, or
// say why not. The errors are the pipeline's contract with the HTTP layer (422 and 413).
import type { Readable } from 'node:stream';

export class CsvRejected extends Error {}

export class UploadTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`File too large: limit is ${limitBytes} bytes`);
  }
}

export interface UploadSummary {
  rows: number;
  bytes: number;
  vehicles: number;
}

export interface TelematicsCapability {
  /** Validates and converts the CSV while it streams; leaves nothing behind when it throws. */
  convertUpload(file: Readable, directory: string): Promise<UploadSummary>;
}
