// Population density around a point, from the 2020 Census block-group centres of population
// (shared/data/census/CenPop_block_group2020.csv: one point per block group carrying its whole
// population; no land areas come with it, so density is "people of the centres within r km,
// divided by the disc's area").
//
// Radius: block groups hold about 600-3,000 people (Census Bureau's block-group size rule), so a
// fixed 2 km disc (12.6 km²) sees 0 or 1 centre wherever density is under ~100 people/km² and the
// estimate jumps between 0 and ~100. The radius therefore widens, 2 → 5 → 10 → 20 → 40 km, until
// the disc holds at least MIN_CENTRES centres (a k-nearest-neighbour style adaptive bandwidth;
// 5 centres bound the sampling error of one centre to about 20%). In towns and cities the 2 km
// disc already holds dozens of centres, so density there is local. docs/model.md, "Urbanicity".
//
// Index: a disc-sum tree (disc-sum-tree.ts) over the centres' unit vectors, each node carrying
// its population: a 2 km disc in a city holds dozens of centres and a 40 km one thousands, and a
// node wholly inside the disc adds its total instead of listing its centres (kdbush, used here
// before, listed every candidate of the disc's degree box and summed them one by one; garaging
// asks this for every vehicle). Decided as haversine decides, antimeridian and poles included.
import { DiscSumTree } from './disc-sum-tree.ts';
import { URBANICITIES, type Urbanicity } from '../vocabulary.ts';

export const DENSITY_RADII_KM = [2, 5, 10, 20, 40] as const;
export const MIN_CENTRES = 5;

/**
 * Lower bounds (people per km²) of urbanicity classes 1..9; below the first is sparse-rural.
 * Anchors: 50 and 1,500 are the "mostly uninhabited" ceiling and the "urban centre" floor of the
 * UN/Eurostat Degree of Urbanisation (1 km² grid cells); 300 is its "urban cluster" floor; 400 is
 * about the 2020 Census urban-area core criterion (425 housing units per square mile, Federal
 * Register 87 FR 16706, 2022, × ~2.5 people per unit ÷ 2.59 km²). The classes between are
 * spaced roughly ×2 on a log scale (judgment); 12,000 marks Manhattan/Brooklyn-like density.
 */
export const URBANICITY_THRESHOLDS = [10, 50, 150, 400, 800, 1500, 3000, 6000, 12000] as const;

export interface BlockGroupCentres {
  latitude: Float64Array;
  longitude: Float64Array;
  population: Float64Array;
  /** 2-digit state FIPS code as a number (1 = AL ... 56 = WY). */
  stateFips: Uint8Array;
}

export class PopulationIndex {
  private readonly tree: DiscSumTree;
  /** Reused query buffers (no allocation per query). */
  private readonly radius = new Float64Array(1);
  private readonly count = new Float64Array(1);
  private readonly people = new Float64Array(1);

  private constructor(readonly centres: BlockGroupCentres) {
    this.tree = DiscSumTree.build(centres.latitude, centres.longitude, centres.population);
  }

  static fromCentres(centres: BlockGroupCentres): PopulationIndex {
    const n = centres.latitude.length;
    if ([centres.longitude, centres.population, centres.stateFips].some((a) => a.length !== n)) throw new RangeError('centre columns differ in length');
    return new PopulationIndex(centres);
  }

  get size(): number {
    return this.centres.latitude.length;
  }

  /** People per km² around the point (adaptive radius, see the file comment). */
  densityAt(latitude: number, longitude: number): number {
    return this.densityDetail(latitude, longitude).density;
  }

  /** The density with the radius it was measured over and the centres the disc held. */
  densityDetail(latitude: number, longitude: number): { density: number; radiusKm: number; centres: number } {
    // One disc at a time: measuring the wider discs in one walk was twice as slow (a 40 km
    // circle crosses many nodes around a suburb whose 5 km disc already suffices).
    const { tree, radius, count, people } = this;
    for (const r of DENSITY_RADII_KM) {
      radius[0] = r;
      tree.discSums(latitude, longitude, radius, count, people);
      if (count[0] >= MIN_CENTRES) break;
    }
    return { density: people[0] / (Math.PI * radius[0] * radius[0]), radiusKm: radius[0], centres: count[0] };
  }

  /** Population and number of centres within radiusKm (great-circle, closed disc) of the point. */
  populationWithin(latitude: number, longitude: number, radiusKm: number): { people: number; centres: number } {
    this.radius[0] = radiusKm;
    this.tree.discSums(latitude, longitude, this.radius, this.count, this.people);
    return { people: this.people[0], centres: this.count[0] };
  }
}

/** The urbanicity class of a density (people per km²); thresholds are lower bounds, inclusive. */
export function urbanicityOf(density: number): Urbanicity {
  let k = 0;
  while (k < URBANICITY_THRESHOLDS.length && density >= URBANICITY_THRESHOLDS[k]) k++;
  return URBANICITIES[k];
}

/** 0 (sparse-rural) .. 9 (very-dense-urban). */
export function urbanicityRank(u: Urbanicity): number {
  return URBANICITIES.indexOf(u);
}
