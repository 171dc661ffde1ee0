// Number formatting for the tables: one place, so text and markdown agree.

export function ms(value) {
  if (!Number.isFinite(value)) return "—";
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

export function range(lo, hi, unit = ms) {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return "—";
  return `${unit(lo)} – ${unit(hi)}`;
}

export function mb(value) {
  return Number.isFinite(value) ? `${value.toFixed(0)} MB` : "—";
}

export function ratio(value) {
  if (!Number.isFinite(value)) return "—";
  return value >= 100 ? `${value.toFixed(0)}×` : value >= 10 ? `${value.toFixed(1)}×` : `${value.toFixed(2)}×`;
}

export function rate(value) {
  if (!Number.isFinite(value)) return "—";
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

export function us(value) {
  if (!Number.isFinite(value)) return "—";
  return value >= 100 ? `${value.toFixed(0)} µs` : `${value.toFixed(1)} µs`;
}

export function int(value) {
  return Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "—";
}
