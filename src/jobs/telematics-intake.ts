// The upload side of telematics jobs: the CSV converter behind the HTTP layer's capability.
import type { Readable } from 'node:stream';
import { convertTelematicsCsv, TelematicsCsvError, UploadTooLargeError } from '../domain/telematics/csv/index.ts';
import { CsvRejected, UploadTooLarge, type TelematicsCapability, type UploadSummary } from './telematics-capability.ts';

export function telematicsIntake(maxUploadBytes: number): TelematicsCapability {
  return {
    async convertUpload(file: Readable, directory: string): Promise<UploadSummary> {
      try {
        const converted = await convertTelematicsCsv(file, directory, { maxBytes: maxUploadBytes });
        return { rows: converted.rows, bytes: converted.bytes, vehicles: converted.vehicles.length };
      } catch (error) {
        // e.g. "invalid CSV file (latitude_range): line 17, column \"latitude\": ..." names rule, line and column.
        if (error instanceof TelematicsCsvError) throw new CsvRejected(`invalid CSV file (${error.rule}): ${error.message}`);
        if (error instanceof UploadTooLargeError) throw new UploadTooLarge(maxUploadBytes);
        throw error;
      }
    },
  };
}
