// Great-circle distance on a sphere of the WGS84 mean radius, as decisions.md §6 requires
// ("great-circle distance on the WGS84 mean radius (6371.0088 km)"; the mean radius R1 = (2a + b) / 3
// of the WGS84 ellipsoid, per the IUGG / Moritz, "Geodetic Reference System 1980").

export const EARTH_RADIUS_KM = 6371.0088;

const DEG = Math.PI / 180;

/** Kilometres per degree of latitude (and of longitude at the equator) on that sphere. */
export const KM_PER_DEGREE = EARTH_RADIUS_KM * DEG;

/** Haversine distance in km; numerically stable for short distances (the telematics case). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const sinDLat = Math.sin(((lat2 - lat1) * DEG) / 2);
  const sinDLon = Math.sin(((lon2 - lon1) * DEG) / 2);
  const h =
    sinDLat * sinDLat + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * sinDLon * sinDLon;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A lat/lon box containing every point within radiusKm of the centre.
 * minLon > maxLon means the box crosses the antimeridian (the RFC 7946 §5.2 convention);
 * a cap containing a pole spans all longitudes.
 */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export function boundingBox(lat: number, lon: number, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM; // radians
  const minLat = lat - angular / DEG;
  const maxLat = lat + angular / DEG;
  if (minLat <= -90 || maxLat >= 90 || angular >= Math.PI / 2) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLon: -180, maxLon: 180 };
  }
  // Widest longitude of a spherical cap: asin(sin(r) / cos(lat)), reached at the tangent points
  // (Chamberlain & Duquette, "Some algorithms for polygons on a sphere", JPL 2007; also the
  // well-known derivation at movable-type.co.uk "Finding points within a distance").
  const ratio = Math.sin(angular) / Math.cos(lat * DEG);
  if (ratio >= 1) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  const dLon = Math.asin(ratio) / DEG;
  return { minLat, maxLat, minLon: wrapLon(lon - dLon), maxLon: wrapLon(lon + dLon) };
}

/** Longitude normalised to [-180, 180). */
export function wrapLon(lon: number): number {
  if (lon >= -180 && lon < 180) return lon;
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

export function bboxContains(box: BoundingBox, lat: number, lon: number): boolean {
  if (lat < box.minLat || lat > box.maxLat) return false;
  if (box.minLon <= box.maxLon) return lon >= box.minLon && lon <= box.maxLon;
  return lon >= box.minLon || lon <= box.maxLon; // crosses the antimeridian
}
