// The 51 jurisdictions of the spec's USState enum (50 states + DC), in the spec's order
// (service-spec.md, "USState"), with their 2-digit FIPS codes (ANSI INCITS 38:2009, the codes
// us-atlas uses as feature ids and FARS uses in its STATE column) and names.

export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA',
  'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM',
  'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY',
] as const;

export type UsState = (typeof US_STATES)[number];

export interface UsStateInfo {
  code: UsState;
  fips: string;
  name: string;
}

export const US_STATE_INFO: Readonly<Record<UsState, UsStateInfo>> = Object.freeze({
  AL: { code: 'AL', fips: '01', name: 'Alabama' },
  AK: { code: 'AK', fips: '02', name: 'Alaska' },
  AZ: { code: 'AZ', fips: '04', name: 'Arizona' },
  AR: { code: 'AR', fips: '05', name: 'Arkansas' },
  CA: { code: 'CA', fips: '06', name: 'California' },
  CO: { code: 'CO', fips: '08', name: 'Colorado' },
  CT: { code: 'CT', fips: '09', name: 'Connecticut' },
  DE: { code: 'DE', fips: '10', name: 'Delaware' },
  DC: { code: 'DC', fips: '11', name: 'District of Columbia' },
  FL: { code: 'FL', fips: '12', name: 'Florida' },
  GA: { code: 'GA', fips: '13', name: 'Georgia' },
  HI: { code: 'HI', fips: '15', name: 'Hawaii' },
  ID: { code: 'ID', fips: '16', name: 'Idaho' },
  IL: { code: 'IL', fips: '17', name: 'Illinois' },
  IN: { code: 'IN', fips: '18', name: 'Indiana' },
  IA: { code: 'IA', fips: '19', name: 'Iowa' },
  KS: { code: 'KS', fips: '20', name: 'Kansas' },
  KY: { code: 'KY', fips: '21', name: 'Kentucky' },
  LA: { code: 'LA', fips: '22', name: 'Louisiana' },
  ME: { code: 'ME', fips: '23', name: 'Maine' },
  MD: { code: 'MD', fips: '24', name: 'Maryland' },
  MA: { code: 'MA', fips: '25', name: 'Massachusetts' },
  MI: { code: 'MI', fips: '26', name: 'Michigan' },
  MN: { code: 'MN', fips: '27', name: 'Minnesota' },
  MS: { code: 'MS', fips: '28', name: 'Mississippi' },
  MO: { code: 'MO', fips: '29', name: 'Missouri' },
  MT: { code: 'MT', fips: '30', name: 'Montana' },
  NE: { code: 'NE', fips: '31', name: 'Nebraska' },
  NV: { code: 'NV', fips: '32', name: 'Nevada' },
  NH: { code: 'NH', fips: '33', name: 'New Hampshire' },
  NJ: { code: 'NJ', fips: '34', name: 'New Jersey' },
  NM: { code: 'NM', fips: '35', name: 'New Mexico' },
  NY: { code: 'NY', fips: '36', name: 'New York' },
  NC: { code: 'NC', fips: '37', name: 'North Carolina' },
  ND: { code: 'ND', fips: '38', name: 'North Dakota' },
  OH: { code: 'OH', fips: '39', name: 'Ohio' },
  OK: { code: 'OK', fips: '40', name: 'Oklahoma' },
  OR: { code: 'OR', fips: '41', name: 'Oregon' },
  PA: { code: 'PA', fips: '42', name: 'Pennsylvania' },
  RI: { code: 'RI', fips: '44', name: 'Rhode Island' },
  SC: { code: 'SC', fips: '45', name: 'South Carolina' },
  SD: { code: 'SD', fips: '46', name: 'South Dakota' },
  TN: { code: 'TN', fips: '47', name: 'Tennessee' },
  TX: { code: 'TX', fips: '48', name: 'Texas' },
  UT: { code: 'UT', fips: '49', name: 'Utah' },
  VT: { code: 'VT', fips: '50', name: 'Vermont' },
  VA: { code: 'VA', fips: '51', name: 'Virginia' },
  WA: { code: 'WA', fips: '53', name: 'Washington' },
  WV: { code: 'WV', fips: '54', name: 'West Virginia' },
  WI: { code: 'WI', fips: '55', name: 'Wisconsin' },
  WY: { code: 'WY', fips: '56', name: 'Wyoming' },
});

const BY_CODE = new Set<string>(US_STATES);
const BY_FIPS = new Map<string, UsState>(US_STATES.map((c) => [US_STATE_INFO[c].fips, c]));
const BY_NAME = new Map<string, UsState>(
  US_STATES.map((c) => [US_STATE_INFO[c].name.toLowerCase(), c]),
);

export function isUsState(value: unknown): value is UsState {
  return typeof value === 'string' && BY_CODE.has(value);
}

/** FIPS as '06', '6' or 6 → 'CA'; undefined for codes outside the 51 (PR = 72, territories). */
export function stateByFips(fips: string | number): UsState | undefined {
  const key = typeof fips === 'number' ? String(fips).padStart(2, '0') : fips.trim().padStart(2, '0');
  return BY_FIPS.get(key);
}

export function fipsOfState(code: UsState): string {
  return US_STATE_INFO[code].fips;
}

/** Case-insensitive: 'ca', 'CA', 'California', 'district of columbia' → the code. */
export function parseUsState(text: string): UsState | undefined {
  const t = text.trim().replace(/\./g, '').replace(/\s+/g, ' ');
  const upper = t.toUpperCase();
  if (BY_CODE.has(upper)) return upper as UsState;
  return BY_NAME.get(t.toLowerCase());
}
