// One spelling of a place name for matching: case, accents, punctuation and the common
// abbreviations people type ("St. Louis", "Ft Myers", "Mt Vernon", "Winston Salem") are folded, so
// user input and the GeoNames / ZIP / Census spellings meet on the same key.

const ABBREVIATIONS: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  pt: 'point',
};

export function normalizePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(' ');
}
