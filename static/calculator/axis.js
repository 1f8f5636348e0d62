// The charts' scales, as src/site/format/svg.rs computes them: exact powers of
// ten, decades, round steps, and rounding to a power of ten.

// 10^k by repeated exact steps, as figures::pow10: the same double on both
// sides, where Math.pow and powi may differ in the last bit.
export function pow10(k) {
  let p = 1;
  for (let i = 0; i < Math.abs(k); i++) p *= 10;
  return k < 0 ? 1 / p : p;
}

// The power of ten at or below x (x > 0), as an exponent.
export function decade(x) {
  let k = 0;
  while (pow10(k + 1) <= x) k++;
  while (pow10(k) > x) k--;
  return k;
}

// A round step (1, 2 or 5 × 10^k) at least `raw`.
export function niceStep(raw) {
  const p = pow10(decade(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

// As distribution::round_to: x to the nearest multiple of 10^k.
export const roundTo = (x, k) => (k == null ? x : Math.round(x / pow10(k)) * pow10(k));

// As distribution::round_within: x (within [min, max]) rounded to 10^k, or
// to the first finer power of ten whose rounding stays within [min, max].
export function roundWithin(x, k, min, max) {
  if (k == null) return x;
  for (let finer = 0; finer < 32; finer++) {
    const r = roundTo(x, k - finer);
    if (r >= min && r <= max) return r;
  }
  return Math.min(Math.max(x, min), max);
}
