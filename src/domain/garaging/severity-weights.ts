// Severity weights, in fatal-crash equivalents: the comprehensive cost of a crash of each police-
// reported severity (KABCO) divided by that of a fatal crash.
//
// Source: FHWA, "Crash Costs for Highway Safety Analysis" (Harmon, Bahar & Gross, FHWA-SA-17-071,
// 2018), national comprehensive crash unit costs per crash, 2016 dollars: K (fatal) $11,295,400;
// A (suspected serious injury) $655,000; B (suspected minor injury) $198,500; C (possible injury)
// $125,600; O (property damage only) $11,900. Those unit costs rest on Blincoe et al., "The
// Economic and Societal Impact of Motor Vehicle Crashes" (NHTSA); the 2019 revision (DOT HS 813
// 403, 2023) puts a fatality at $11.3 million comprehensive, the same order.
// Our sources' "injury" class mixes B and C crashes (and some A where the source has no separate
// serious class); it takes the B cost, a middle value (judgment). Severity "unknown" takes the
// property-damage cost: a record that does not know of any injury is most likely one without.
import type { Severity } from '../crashes/record.ts';

const KABCO_COST_2016_USD = { K: 11_295_400, A: 655_000, B: 198_500, C: 125_600, O: 11_900 } as const;

export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = Object.freeze({
  fatal: 1,
  'serious-injury': KABCO_COST_2016_USD.A / KABCO_COST_2016_USD.K,
  injury: KABCO_COST_2016_USD.B / KABCO_COST_2016_USD.K,
  'property-damage': KABCO_COST_2016_USD.O / KABCO_COST_2016_USD.K,
  unknown: KABCO_COST_2016_USD.O / KABCO_COST_2016_USD.K,
});
