// Integer shares of an integer total (the Hamilton / largest-remainder method): each part gets the
// floor of its exact quota, and the units left over go to the largest fractional remainders. The
// parts then sum to the total exactly, as decisions.md §7 requires of state_exposure.

/** Splits `total` (a non-negative integer) in proportion to `weights`; ties go to the lower index. */
export function largestRemainder(weights: ArrayLike<number>, total: number): number[] {
  const n = weights.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.max(0, weights[i]);
  const parts = new Array<number>(n).fill(0);
  if (n === 0 || total <= 0 || sum <= 0) return parts;
  const remainders: Array<{ i: number; r: number }> = [];
  let assigned = 0;
  for (let i = 0; i < n; i++) {
    const quota = (Math.max(0, weights[i]) / sum) * total;
    const floor = Math.floor(quota);
    parts[i] = floor;
    assigned += floor;
    remainders.push({ i, r: quota - floor });
  }
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (let j = 0; assigned < total; j = (j + 1) % n) {
    parts[remainders[j].i]++;
    assigned++;
  }
  return parts;
}
