// The upload side of telematics jobs: the CSV converter behind the HTTP layer's capability.
import type { Readable } from 'node:stream';
import { convertTelematicsCsv, TelematicsCsvError, UploadTooLargeError } from '../domain/telematics/csv/index.ts';
import { CsvRejected, UploadTooLarge, type TelematicsCapability, type UploadSummary } from './telematics-capability.ts';

export function telematicsIntake(maxUploadBytes: number): TelematicsCapability {
  return {
    async convertUpload(file: Readable, directory: string): Promise<UploadSummary> {
      try {
        // destroyOnReturn false: when the converter stops at a broken rule, the rest of the part is
        // still read (and discarded) so the multipart parser reaches the parts after it.
        const converted = await convertTelematicsCsv(file.iterator({ destroyOnReturn: false }), directory, { maxBytes: maxUploadBytes });
        return { rows: converted.rows, bytes: converted.bytes, vehicles: converted.vehicles.length };
      } catch (error) {
        // e.g. `line 17, column "latitude": value "91.2" is outside [-90, 90] (rule latitude_range)`.
        if (error instanceof TelematicsCsvError) throw new CsvRejected(`${error.message} (rule ${error.rule})`);
        if (error instanceof UploadTooLargeError) throw new UploadTooLarge(maxUploadBytes);
        throw error;
      }
    },
  };
}
