// Gini of the concentration (Lorenz) curve of an outcome over points ranked by a score, riskiest
// first: 0 = the score ranks no better than chance, 1 = all the outcome sits at the top-ranked
// points. Points carry weights (population); tied scores form one block on the curve (a straight
// segment), so a score with few distinct values (state-only) gets no credit for an arbitrary order.
export function concentrationGini(scores: ArrayLike<number>, outcomes: ArrayLike<number>, weights?: ArrayLike<number>): number {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b] - scores[a]);
  let totalW = 0, totalY = 0;
  for (let i = 0; i < n; i++) {
    totalW += weights?.[i] ?? 1;
    totalY += outcomes[i] * (weights?.[i] ?? 1);
  }
  if (totalW <= 0 || totalY <= 0) return 0;
  let area = 0, x = 0, y = 0;
  for (let k = 0; k < n; ) {
    let j = k, dw = 0, dy = 0;
    while (j < n && scores[order[j]] === scores[order[k]]) {
      const w = weights?.[order[j]] ?? 1;
      dw += w;
      dy += outcomes[order[j]] * w;
      j++;
    }
    const x2 = x + dw / totalW, y2 = y + dy / totalY;
    area += ((x2 - x) * (y + y2)) / 2;
    x = x2;
    y = y2;
    k = j;
  }
  return 2 * area - 1;
}
