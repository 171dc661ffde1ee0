// Small statistics over repeated measurements.

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The nearest-rank percentile: the smallest value that at least p% of the values are at or below. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function min(values) {
  return values.length === 0 ? NaN : Math.min(...values);
}

export function max(values) {
  return values.length === 0 ? NaN : Math.max(...values);
}

/** Per-round ratios a[i] / b[i] (rounds ran back to back, so drift hits both alike), then their median. */
export function pairedRatio(a, b) {
  const n = Math.min(a.length, b.length);
  const ratios = [];
  for (let i = 0; i < n; i++) if (Number.isFinite(a[i]) && Number.isFinite(b[i]) && b[i] !== 0) ratios.push(a[i] / b[i]);
  return median(ratios);
}
