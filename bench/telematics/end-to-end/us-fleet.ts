// SYNTHETIC telematics fleet for the end-to-end benchmark: seeded, reproducible, describes no real
// driving. Unlike ../synthetic-fleet.ts (headings random-walk anywhere in a lat/lon box, so some
// tracks end up in the Gulf, the Pacific or Mexico), each vehicle here lives near a US city and
// drives trips from home to destinations on US land (checked with the service's own state
// polygons) and back, so the server's state look-ups see realistic, mostly single-state tracks.
//
// One vehicle: parked (device off, no points) or driving at 1 Hz toward a destination: heading =
// bearing to the destination plus a wandering offset (roads are not straight), a cruise speed per
// road stretch (city, arterial, highway), acceleration within +2 / -3 m/s², occasional stops
// (lights, traffic; 1 in 20 is a harsh brake at 5.5 m/s²), slowing down for the destination, and
// a few metres of slowly drifting GPS error. Trips last until within 30 m of the destination (at
// most 2 h); parking lasts 20 min to 6 h by day and until the next morning after an evening trip
// home, so a vehicle drives about 1.5-2 h a day.
import { seededRandom } from '../synthetic-fleet.ts';
import { stateLocator } from '../../../src/domain/geo/states.ts';

const METERS_PER_DEGREE = 111_320;
const DEG = Math.PI / 180;

/** Lower-48 city centres (lat, lon) the homes are scattered around. */
const CITIES: readonly [number, number][] = [
  [33.749, -84.388], [39.739, -104.99], [41.878, -87.63], [32.777, -96.797], [29.76, -95.37],
  [33.449, -112.074], [39.768, -86.158], [39.1, -94.578], [36.17, -115.14], [34.052, -118.244],
  [44.978, -93.265], [36.163, -86.781], [35.468, -97.516], [41.257, -95.995], [40.441, -79.996],
  [45.505, -122.675], [38.582, -121.494], [40.761, -111.891], [29.425, -98.494], [37.339, -121.895],
  [47.606, -122.332], [38.627, -90.199], [35.227, -80.843], [39.961, -82.999], [42.331, -83.046],
  [35.149, -90.049], [43.039, -87.906], [35.085, -106.651], [32.222, -110.975], [36.747, -119.772],
  [39.29, -76.612], [42.36, -71.059], [40.713, -74.006], [39.953, -75.165], [35.78, -78.639],
  [38.253, -85.758], [30.267, -97.743], [33.521, -86.802], [28.538, -81.379], [27.951, -82.457],
  [43.615, -116.202], [46.877, -96.79], [41.586, -93.625], [38.04, -84.503], [37.687, -97.33],
  [31.761, -106.485], [32.298, -90.185], [34.746, -92.29], [43.161, -77.611], [42.886, -78.878],
];

function isOnUsLand(lat: number, lon: number): boolean {
  return stateLocator().containingState(lat, lon) !== null;
}

export class UsVehicle {
  readonly id: string;
  private readonly homeLat: number;
  private readonly homeLon: number;
  private lat: number;
  private lon: number;
  private destLat = 0;
  private destLon = 0;
  private atHome = true;
  private driving = false;
  private secondsLeft: number;
  private tripSeconds = 0;
  private speed = 0;
  private cruise = 0;
  private stretchLeft = 0;
  private stopLeft = 0;
  private wander = 0;
  private errorNorth = 0;
  private errorEast = 0;
  private hardStop = false;

  constructor(index: number, private readonly random: () => number) {
    this.id = `veh-${String(index + 1).padStart(4, '0')}`;
    const [cityLat, cityLon] = CITIES[index % CITIES.length];
    [this.homeLat, this.homeLon] = this.pointNear(cityLat, cityLon, 2_000, 25_000);
    this.lat = this.homeLat;
    this.lon = this.homeLon;
    this.secondsLeft = Math.floor(random() * 4 * 3600); // staggered first departures
  }

  /**
   * Advances one second of clock time `second` (seconds since the start, which is midnight UTC);
   * returns `lat,lon` for a point, or null while parked.
   */
  step(second: number): string | null {
    if (!this.driving) {
      if (--this.secondsLeft > 0) return null;
      this.startTrip();
    }
    this.drive();
    if (this.arrived() || this.tripSeconds > 2 * 3600) this.park(second);
    // GPS error drifts slowly (it is correlated from one 1 Hz fix to the next), within a few metres.
    this.errorNorth = this.errorNorth * 0.95 + (this.random() - 0.5) * 0.8;
    this.errorEast = this.errorEast * 0.95 + (this.random() - 0.5) * 0.8;
    const lat = this.lat + this.errorNorth / METERS_PER_DEGREE;
    const lon = this.lon + this.errorEast / (METERS_PER_DEGREE * Math.cos(this.lat * DEG));
    return `${lat.toFixed(6)},${lon.toFixed(6)}`;
  }

  private startTrip(): void {
    this.driving = true;
    this.tripSeconds = 0;
    this.speed = 0;
    this.stretchLeft = 0;
    if (this.atHome) [this.destLat, this.destLon] = this.pointNear(this.homeLat, this.homeLon, 3_000, 60_000);
    else [this.destLat, this.destLon] = [this.homeLat, this.homeLon];
  }

  private drive(): void {
    this.tripSeconds++;
    if (--this.stretchLeft <= 0) this.newStretch();
    let target = this.cruise;
    if (this.stopLeft > 0) {
      this.stopLeft--;
      target = 0;
    } else if (this.random() < 1 / 240) {
      this.stopLeft = 10 + Math.floor(this.random() * 50); // a light, a queue
      this.hardStop = this.random() < 0.05; // now and then a harsh brake (> 0.4 g)
    }
    // Slow down for the destination: v² ≤ 2 · 1.5 m/s² · distance left.
    target = Math.min(target, Math.sqrt(3 * Math.max(0, this.distanceToDestination() - 20)));
    const floor = this.hardStop && target === 0 ? -5.5 : -3;
    const accel = Math.max(floor, Math.min(2, (target - this.speed) * 0.3 + (this.random() - 0.5) * 0.6));
    this.speed = Math.max(0, this.speed + accel);
    this.wander = Math.max(-40, Math.min(40, this.wander + (this.random() - 0.5) * 6));
    const heading = this.bearingToDestination() + this.wander * DEG;
    this.lat += (this.speed * Math.cos(heading)) / METERS_PER_DEGREE;
    this.lon += (this.speed * Math.sin(heading)) / (METERS_PER_DEGREE * Math.cos(this.lat * DEG));
  }

  /** A road stretch: a cruise speed for 1-6 minutes (city 11-15, arterial 18-22, highway 27-33 m/s). */
  private newStretch(): void {
    const far = this.distanceToDestination() > 10_000;
    const kind = this.random() * (far ? 1 : 0.7);
    const base = kind < 0.35 ? 11 : kind < 0.7 ? 18 : 27;
    this.cruise = base + this.random() * (base === 27 ? 6 : 4);
    this.stretchLeft = 60 + Math.floor(this.random() * 300);
  }

  private park(second: number): void {
    this.driving = false;
    this.atHome = !this.atHome;
    this.speed = 0;
    this.wander = 0;
    // Local solar hour (UTC + longitude / 15): home after 20:00 or before 06:00 means parked
    // until 07:00-09:00; otherwise 20 min to 6 h.
    const localHour = (((second / 3600 + this.lon / 15) % 24) + 24) % 24;
    const overnight = this.atHome && (localHour >= 20 || localHour < 6);
    this.secondsLeft = overnight
      ? Math.floor((((31 - localHour) % 24) * 3600) + this.random() * 7200)
      : 1200 + Math.floor(this.random() * 6 * 3600);
  }

  private arrived(): boolean {
    return this.distanceToDestination() < 30;
  }

  private distanceToDestination(): number {
    const dy = (this.destLat - this.lat) * METERS_PER_DEGREE;
    const dx = (this.destLon - this.lon) * METERS_PER_DEGREE * Math.cos(this.lat * DEG);
    return Math.hypot(dx, dy);
  }

  private bearingToDestination(): number {
    const dy = this.destLat - this.lat;
    const dx = (this.destLon - this.lon) * Math.cos(this.lat * DEG);
    return Math.atan2(dx, dy);
  }

  /** A point on US land between minMeters and maxMeters from (lat, lon). */
  private pointNear(lat: number, lon: number, minMeters: number, maxMeters: number): [number, number] {
    for (let attempt = 0; attempt < 100; attempt++) {
      const r = minMeters + this.random() * (maxMeters - minMeters);
      const a = this.random() * 2 * Math.PI;
      const pLat = lat + (r * Math.cos(a)) / METERS_PER_DEGREE;
      const pLon = lon + (r * Math.sin(a)) / (METERS_PER_DEGREE * Math.cos(lat * DEG));
      if (isOnUsLand(pLat, pLon)) return [pLat, pLon];
    }
    return [lat, lon];
  }
}

export function makeUsFleet(vehicles: number, seed: number): UsVehicle[] {
  const random = seededRandom(seed);
  return Array.from({ length: vehicles }, (_, i) => new UsVehicle(i, random));
}
