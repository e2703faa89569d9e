// NAICS relativity (v2, commercial auto only): expected crash loss of a policyholder's vehicles by
// the 2-digit NAICS 2022 sector, relative to an average commercial fleet = 1.00.
//
// What moves it (judgment, no public loss table by sector): how much and where the fleet drives.
// The BLS Census of Fatal Occupational Injuries (CFOI) shows roadway incidents concentrated in
// truck transportation (e.g. 2014: 390 of 503 truck-transportation deaths were transportation
// incidents), construction, agriculture, and oil and gas extraction (NIOSH: motor vehicle crashes
// are the leading cause of death of oil and gas extraction workers), and in waste collection
// (administrative and support and waste management). Office-based sectors drive less and mostly
// in passenger cars. Sectors absent from a request (PPA, or CA without naics_code) are 1.00.
// docs/model.md, "NAICS sector", gives the reason for each row.
export const NAICS_SECTOR_RELATIVITY: Readonly<Record<string, number>> = Object.freeze({
  '11': 1.1, // Agriculture, forestry, fishing and hunting: rural roads, heavy equipment
  '21': 1.3, // Mining, quarrying, and oil and gas extraction: NIOSH, crashes lead worker deaths
  '22': 0.95, // Utilities: service trucks, professional fleets
  '23': 1.2, // Construction: pickups and heavy trucks to changing sites (CFOI)
  '31': 1.0, '32': 1.0, '33': 1.0, // Manufacturing
  '42': 1.1, // Wholesale trade: delivery trucks
  '44': 1.0, '45': 1.0, // Retail trade
  '48': 1.4, '49': 1.4, // Transportation and warehousing: driving is the business (CFOI)
  '51': 0.9, // Information
  '52': 0.85, // Finance and insurance: office, little driving
  '53': 1.05, // Real estate and rental and leasing: includes vehicle rental fleets
  '54': 0.9, // Professional, scientific, and technical services
  '55': 0.9, // Management of companies and enterprises
  '56': 1.15, // Administrative and support and waste management: waste collection (CFOI)
  '61': 0.95, // Educational services
  '62': 1.0, // Health care and social assistance: home visits, ambulances
  '71': 0.95, // Arts, entertainment, and recreation
  '72': 1.05, // Accommodation and food services: food delivery
  '81': 1.0, // Other services (repair and maintenance, personal services)
  '92': 1.05, // Public administration: police and emergency driving
});

/** Relativity for a NAICS code of any length (its 2-digit sector); null or unknown is neutral. */
export function naicsRelativity(code: string | null | undefined): number {
  if (code == null || code.length < 2) return 1;
  return NAICS_SECTOR_RELATIVITY[code.slice(0, 2)] ?? 1;
}
