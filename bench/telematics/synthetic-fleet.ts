// SYNTHETIC telematics data for benchmarks only: seeded, reproducible, not real driving.
// ~200 vehicles, each based somewhere in the continental US, alternating trips (1 Hz GPS points
// while moving, heading random walk, speeds 0-35 m/s) and parked gaps (no points, device off).
export interface FleetOptions {
  vehicles: number;
  seed: number;
  /** First timestamp, epoch ms. */
  startMs: number;
}

/** mulberry32: tiny seeded PRNG, good enough for plausible synthetic tracks. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METERS_PER_DEGREE = 111_320;

export class SyntheticVehicle {
  readonly id: string;
  private latitude: number;
  private longitude: number;
  private heading: number;
  private speed = 0;
  private secondsLeft: number;
  private driving = false;

  constructor(index: number, private readonly random: () => number) {
    this.id = `veh-${String(index + 1).padStart(4, '0')}`;
    this.latitude = 30 + random() * 15; // within the continental US, roughly
    this.longitude = -120 + random() * 40;
    this.heading = random() * 360;
    this.secondsLeft = Math.floor(random() * 3600);
  }

  /** Advances one second; returns the CSV tail (after the timestamp) or null while parked. */
  step(): string | null {
    if (--this.secondsLeft <= 0) {
      this.driving = !this.driving;
      this.secondsLeft = this.driving ? 600 + Math.floor(this.random() * 3000) : 300 + Math.floor(this.random() * 3000);
      this.speed = 0;
    }
    if (!this.driving) return null;
    this.speed = Math.min(35, Math.max(0, this.speed + (this.random() - 0.45) * 2));
    this.heading = (this.heading + (this.random() - 0.5) * 10 + 360) % 360;
    const radians = (this.heading * Math.PI) / 180;
    this.latitude += (this.speed * Math.cos(radians)) / METERS_PER_DEGREE;
    this.longitude += (this.speed * Math.sin(radians)) / (METERS_PER_DEGREE * Math.cos((this.latitude * Math.PI) / 180));
    return `${this.latitude.toFixed(6)},${this.longitude.toFixed(6)},${this.speed.toFixed(1)},${Math.round(this.heading) % 360}`;
  }
}

export function makeFleet(options: FleetOptions): SyntheticVehicle[] {
  const random = seededRandom(options.seed);
  return Array.from({ length: options.vehicles }, (_, i) => new SyntheticVehicle(i, random));
}
