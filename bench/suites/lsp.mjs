// mcp-gen lsp on the 1,000-tool synthetic project (lib/synthetic.mjs), driven as an editor drives it
// (children/lsp-edit.mjs): every descriptor opened, then one description edited at a time, each
// timed from didChange to the publishDiagnostics of that version; the server's RSS once every file
// is open and published. The baseline is the command line's answer to the same question:
// `mcp-gen validate` of the whole project, Node's start included, in the same round.
import { join } from "node:path";
import * as fmt from "../lib/format.mjs";
import { runNode } from "../lib/measure.mjs";
import { BENCH_DIR, MCP_GEN_BIN } from "../lib/paths.mjs";
import { writeProject } from "../lib/projects.mjs";
import { max, median, min, percentile } from "../lib/stats.mjs";
import { syntheticTools } from "../lib/synthetic.mjs";

const TOOLS = 1000;
const LSP_EDIT = join(BENCH_DIR, "children", "lsp-edit.mjs");

export async function lspSuite({ options, log, targets }) {
  const dir = await writeProject(`lsp-${TOOLS}`, syntheticTools(TOOLS), "synthetic");
  const rounds = Math.min(options.runs, 3);
  const edits = options.quick ? 20 : 60;
  const validate = [];
  const sessions = [];
  for (let round = 0; round < rounds; round++) {
    const run = await runNode(MCP_GEN_BIN, ["validate", "--cwd", dir], { cwd: dir, label: "mcp-gen validate" });
    validate.push(run);
    log(`  validate, round ${round + 1}/${rounds}: ${fmt.ms(run.ms)}, ${fmt.mb(run.rssMB)}`);
    const session = await runNode(LSP_EDIT, [MCP_GEN_BIN, dir, String(edits), String(round + 1)], { cwd: dir, label: "mcp-gen lsp" });
    const result = JSON.parse(session.stdout);
    sessions.push(result);
    log(
      `  lsp, round ${round + 1}/${rounds}: ${result.ms.length} edits, p50 ${fmt.ms(percentile(result.ms, 50))}, p99 ${fmt.ms(percentile(result.ms, 99))}; open ${fmt.ms(result.openMs)}, ${fmt.mb(result.rssOpenMB)}`,
    );
  }
  const validateMs = median(validate.map((run) => run.ms));
  const edited = sessions.flatMap((session) => session.ms);
  const p50 = percentile(edited, 50);
  const p99 = percentile(edited, 99);
  const opened = sessions.map((session) => session.openMs);
  const rss = max(sessions.map((session) => session.rssOpenMB));
  const t1 = targets.add("lspP50", fmt.ms(p50), p50, "lsp");
  const t2 = targets.add("lspP99", fmt.ms(p99), p99, "lsp");
  const t3 = targets.add("lspRss", fmt.mb(rss), rss, "lsp");
  // A fraction far below 0.01×: written as one part of validate's time.
  const ofValidate = (value) => (value / validateMs < 0.01 ? `1/${fmt.int(validateMs / value)} of validate` : `${fmt.ratio(value / validateMs)} of validate`);
  const rows = [
    [
      "mcp-gen validate, whole project (command line)",
      fmt.ms(validateMs),
      fmt.range(min(validate.map((r) => r.ms)), max(validate.map((r) => r.ms))),
      fmt.mb(median(validate.map((r) => r.rssMB))),
      String(rounds),
      "1.00× (baseline)",
      "",
      "",
    ],
    ["mcp-gen lsp: one description edited, didChange → publishDiagnostics, p50", fmt.ms(p50), fmt.range(min(edited), max(edited)), "", String(edited.length), ofValidate(p50), t1.target, t1.status],
    ["↳ p99", fmt.ms(p99), "", "", "", ofValidate(p99), t2.target, t2.status],
    [
      "mcp-gen lsp: every descriptor opened → each one published",
      fmt.ms(median(opened)),
      fmt.range(min(opened), max(opened)),
      fmt.mb(max(sessions.map((s) => s.hwmMB))),
      String(rounds),
      ofValidate(median(opened)),
      "",
      "",
    ],
    ["↳ server RSS once every file is open (largest of the rounds)", "", "", fmt.mb(rss), "", "", t3.target, t3.status],
    ["↳ server RSS after the edits (largest of the rounds)", "", "", fmt.mb(max(sessions.map((s) => s.rssEndMB))), "", "", "", ""],
  ];
  return {
    title: `Language server: ${fmt.int(TOOLS)}-tool synthetic project (${rounds} round${rounds === 1 ? "" : "s"}, ${edits} edits each)`,
    columns: ["workload", "median", "min – max", "RSS", "runs", "ratio", "target", "status"],
    rows,
    notes: [
      "Each round: mcp-gen validate of the project, then one mcp-gen lsp session (bench/children/lsp-edit.mjs): initialize, didOpen of every descriptor, then 3 unmeasured and N measured edits, each a different tool's description, 100 ms apart; p50 and p99 over the edits of every round.",
      "RSS column: peak RSS of validate; for the session, the server's peak (VmHWM, its worker threads' compiling included), its RSS (VmRSS) once every opened file has been published, and after the last edit (V8 lets the heap grow between major collections while edits keep coming: no target).",
    ],
    raw: { validate, sessions },
  };
}
