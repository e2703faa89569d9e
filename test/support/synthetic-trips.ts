// SYNTHETIC telematics CSVs for tests: vehicles driving straight lines at a constant speed, 1 Hz.
export interface SyntheticDrive {
  vehicleId: string;
  start: Date;
  minutes: number;
  mph: number;
  from: { latitude: number; longitude: number };
  /** Heading in degrees clockwise from north. */
  heading?: number;
}

const METRES_PER_MILE = 1609.344;
const METRES_PER_DEGREE = 111_195;

export function driveRows(drive: SyntheticDrive): string[] {
  const rows: string[] = [];
  const speed = (drive.mph * METRES_PER_MILE) / 3600;
  const heading = ((drive.heading ?? 90) * Math.PI) / 180;
  for (let s = 0; s <= drive.minutes * 60; s++) {
    const north = Math.cos(heading) * speed * s;
    const east = Math.sin(heading) * speed * s;
    const latitude = drive.from.latitude + north / METRES_PER_DEGREE;
    const longitude = drive.from.longitude + east / (METRES_PER_DEGREE * Math.cos((drive.from.latitude * Math.PI) / 180));
    const timestamp = new Date(drive.start.getTime() + s * 1000).toISOString().replace('.000Z', 'Z');
    rows.push(`${drive.vehicleId},${timestamp},${latitude.toFixed(6)},${longitude.toFixed(6)}`);
  }
  return rows;
}

export function tripsCsv(drives: SyntheticDrive[]): string {
  return ['vehicle_id,timestamp,latitude,longitude', ...drives.flatMap(driveRows)].join('\n') + '\n';
}
