// Scaling: cold `mcp-gen build` of synthetic projects of growing size (lib/synthetic.mjs: the same
// mix of shapes at every size). Linear growth shows as a flat per-tool cost; the marginal cost
// (extra time ÷ extra tools between two sizes) takes Node start-up and fixed costs out.
// Each size runs `runs` times, fewer when they would not fit in its share of the budget (judged
// after its first run), at least once.
import { performance } from "node:perf_hooks";
import * as fmt from "../lib/format.mjs";
import { runNode } from "../lib/measure.mjs";
import { MCP_GEN_BIN } from "../lib/paths.mjs";
import { projectBytes, writeProject } from "../lib/projects.mjs";
import { max, median, min } from "../lib/stats.mjs";
import { syntheticTools } from "../lib/synthetic.mjs";

export async function scalingSuite({ options, log, targets }) {
  const sizes = options.sizes;
  const share = options.scalingBudgetS / sizes.length;
  const measured = [];
  const skippedNotes = [];
  const started = performance.now();
  for (const size of sizes) {
    // A size whose first run alone would blow the budget (extrapolated linearly from the largest
    // size measured so far) is skipped, so a slow build cannot push the default run past ~10 minutes.
    const last = measured.findLast((m) => m.ms.length > 0);
    const predictedS = last ? (median(last.ms) / 1000) * (size / last.size) : 0;
    if (predictedS > options.scalingBudgetS) {
      const why = `${fmt.int(size)} tools skipped: one run would take about ${predictedS.toFixed(0)} s (extrapolated from ${fmt.int(last.size)} tools), more than the ${options.scalingBudgetS} s budget (--scaling-budget).`;
      log(`  ${why}`);
      skippedNotes.push(why);
      measured.push({ size, bytes: projectBytes(syntheticTools(size)), ms: [], rss: [], error: "skipped (see below)" });
      continue;
    }
    const tools = syntheticTools(size);
    const bytes = projectBytes(tools);
    const name = `syn-${size}`;
    const ms = [];
    const rss = [];
    let runs = options.runs;
    let error;
    for (let i = 0; i < runs; i++) {
      const dir = await writeProject(name, tools, "synthetic");
      try {
        const result = await runNode(MCP_GEN_BIN, ["build", "--cwd", dir], { cwd: dir, label: `mcp-gen build (${size} tools)` });
        ms.push(result.ms);
        rss.push(result.rssMB);
        log(`  ${size} tools, run ${i + 1}/${runs}: ${fmt.ms(result.ms)}, ${fmt.mb(result.rssMB)}`);
      } catch (e) {
        error = String(e.message).split("\n")[0];
        log(`  ${size} tools: FAILED ${e.message}`);
        break;
      }
      if (i === 0) runs = Math.max(1, Math.min(runs, Math.floor(share / (ms[0] / 1000))));
    }
    measured.push({ size, bytes, ms, rss, error });
  }

  const perTool = (m) => median(m.ms) / m.size;
  const done = measured.filter((m) => !m.error);
  const base = done.length >= 2 ? done[done.length - 2] : done[0];
  const judged = done.length >= 2 ? done[done.length - 1] : undefined;
  const rows = measured.map((m) => {
    if (m.error) return [`${fmt.int(m.size)} tools`, `${fmt.int(m.bytes / 1024)} KB`, m.error, ...Array(9).fill("")];
    const prev = done[done.indexOf(m) - 1];
    const marginal = prev ? (median(m.ms) - median(prev.ms)) / (m.size - prev.size) : NaN;
    const ratio = perTool(m) / perTool(base);
    const where = `scaling, ${fmt.int(m.size)} ÷ ${fmt.int(base?.size)} tools`;
    const t = m === judged ? targets.add("linear", fmt.ratio(ratio), ratio, where) : { target: "", status: "" };
    // Issue #27's tighter bound on the same ratio, in the targets table.
    if (m === judged) targets.add("linear27", fmt.ratio(ratio), ratio, where);
    return [
      `${fmt.int(m.size)} tools`,
      `${fmt.int(m.bytes / 1024)} KB`,
      fmt.ms(median(m.ms)),
      fmt.range(min(m.ms), max(m.ms)),
      fmt.ms(perTool(m)),
      Number.isFinite(marginal) ? fmt.ms(marginal) : "—",
      `${((median(m.ms) / m.bytes) * 1024).toFixed(2)} ms`,
      fmt.mb(median(m.rss)),
      String(m.ms.length),
      m === base ? "1.00× (baseline)" : fmt.ratio(ratio),
      t.target,
      t.status,
    ];
  });
  return {
    title: `Scaling: cold mcp-gen build of synthetic projects (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    columns: ["project", "descriptors", "median", "min – max", "per tool", "marginal per tool", "per KB", "peak RSS", "runs", "per tool ÷ base", "target", "status"],
    rows,
    notes: [
      "Synthetic descriptors (bench/lib/synthetic.mjs): 55% small, 33% medium, 12% large schemas (0.3–20 KB), a third with an outputSchema; tool i is the same at every size.",
      `Marginal per tool = (time − time of the previous size) ÷ (tools added). Base of the ratio: ${fmt.int(base?.size)} tools; a linear build keeps it near or below 1 (fixed costs such as Node start-up weigh less per tool as the project grows).`,
      "Sizes run one after another, not interleaved: compare ratios, not absolute times, across runs.",
      ...skippedNotes,
    ],
    raw: measured,
  };
}
