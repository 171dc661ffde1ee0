// The targets of the performance issues (#6, and #27 for the cold build against the generators'
// floor and tighter bounds on the rest), the proxy's (#24) and the language server's (#26), next to
// the measured values. A target is a bound on one number; `judge` says met or missed.

export const TARGETS = {
  coldVsJstt: { text: "≤ 0.50×", ok: (v) => v <= 0.5, what: "cold build ÷ json-schema-to-typescript (formatted)" },
  coldVsOmg: { text: "≤ 1.00×", ok: (v) => v <= 1.0, what: "cold build ÷ openapi-mcp-generator" },
  coldVsFloor: { text: "≤ 1.25×", ok: (v) => v <= 1.25, what: "cold build ÷ json-schema-to-typescript + ajv alone, 2 threads (#27)" },
  coldRss: { text: "< 400 MB", ok: (v) => v < 400, what: "cold build peak RSS" },
  checkFraction: { text: "≤ 0.15×", ok: (v) => v <= 0.15, what: "no-change check ÷ cold build" },
  checkMs: { text: "< 250 ms", ok: (v) => v < 250, what: "no-change check, 1,223 tools" },
  checkMs27: { text: "≤ 150 ms", ok: (v) => v <= 150, what: "no-change check, 1,223 tools (#27)" },
  rebuildFraction: { text: "≤ 0.15×", ok: (v) => v <= 0.15, what: "one-file rebuild ÷ cold build" },
  schemaRebuildFraction: { text: "≤ 0.15×", ok: (v) => v <= 0.15, what: "one-file rebuild, an inputSchema property added ÷ cold build" },
  schemaRebuild27: { text: "≤ 0.12×", ok: (v) => v <= 0.12, what: "one-file rebuild, an inputSchema property added ÷ cold build (#27)" },
  linear: { text: "≤ 1.25×", ok: (v) => v <= 1.25, what: "per-tool build cost at the largest size ÷ at the size below (linear)" },
  linear27: { text: "≤ 1.10×", ok: (v) => v <= 1.1, what: "per-tool build cost at the largest size ÷ at the size below (#27)" },
  oneVsFloor: { text: "≥ 0.80×", ok: (v) => v >= 0.8, what: "generated 1-tool server calls/s ÷ SDK floor" },
  githubVsFloor: { text: "≥ 0.80×", ok: (v) => v >= 0.8, what: "generated 1,223-tool server calls/s ÷ SDK floor" },
  githubVsNaive: { text: "≥ 10×", ok: (v) => v >= 10, what: "generated 1,223-tool server calls/s ÷ naive McpServer" },
  listMs: { text: "< 50 ms", ok: (v) => v < 50, what: "tools/list of 1,223 tools" },
  // Issue #26.
  lspP50: { text: "< 50 ms", ok: (v) => v < 50, what: "language server, one edit in a 1,000-tool project: didChange → publishDiagnostics, p50" },
  lspP99: { text: "< 150 ms", ok: (v) => v < 150, what: "the same, p99" },
  lspRss: { text: "< 300 MB", ok: (v) => v < 300, what: "language server RSS once every file of the 1,000-tool project is open" },
  proxyStdio: { text: "≥ 0.85×", ok: (v) => v >= 0.85, what: "sequential tools/call through mcp-gen proxy ÷ direct, stdio" },
  proxyHttp: { text: "≥ 0.85×", ok: (v) => v >= 0.85, what: "sequential tools/call through mcp-gen proxy --url ÷ direct, HTTP" },
  proxyListMs: { text: "< 20 ms", ok: (v) => v < 20, what: "tools/list of 1,001 tools: time the proxy's check adds" },
  proxyRss: { text: "< 80 MB", ok: (v) => v < 80, what: "mcp-gen proxy peak RSS" },
};

/** "met" | "missed" | "" (no measurement). */
export function judge(target, value) {
  if (!target || !Number.isFinite(value)) return "";
  return target.ok(value) ? "met" : "missed";
}

/** Collects every judged target of a run, for the summary table. */
export class TargetLog {
  entries = [];
  /** Medians with no bound of their own that the ranges (bench/ranges.mjs) state next to the targets: key → { what, value, unit }. */
  figures = {};

  /** Records a median for the history of full runs (bench/lib/history.mjs); `unit`: "ms" or "ratio". */
  figure(key, what, value, unit = "ms") {
    if (Number.isFinite(value)) this.figures[key] = { what, value, unit };
  }

  add(key, measured, value, where) {
    const target = TARGETS[key];
    const status = judge(target, value);
    if (status) this.entries.push({ key, what: target.what, where, target: target.text, measured, value, status });
    return { target: target.text, status };
  }
}
