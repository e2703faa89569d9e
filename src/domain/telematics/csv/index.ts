// Public surface of the telematics CSV converter (decisions §7): stream in, tracks out.
export { convertTelematicsCsv, DEFAULT_MAX_BYTES, type ConvertOptions } from './convert.ts';
export { TelematicsCsvError, UploadTooLargeError, type TelematicsCsvRule } from './errors.ts';
export { openConvertedUpload, type ConvertedUpload, type VehicleTrackIndex } from './manifest.ts';
export { readVehicleTrack, type VehicleTrack } from './track-reader.ts';
export { DEFAULT_VEHICLE_ID } from './vehicle-ids.ts';
