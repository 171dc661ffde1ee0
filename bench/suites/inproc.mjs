// Server throughput in-process: the SDK Client drives each server's handler.fetch directly (the
// SDK's documented test wiring), sequential calls. Each run starts one process per server and hands
// out 100 ms slices in turn (lib/slices.mjs); ratios to the SDK floor are medians of the per-run
// ratios. Also: tools/list latency, and the generated client against a raw client.callTool (these
// two share one server, so they share one process).
import { join } from "node:path";
import * as fmt from "../lib/format.mjs";
import { runNode } from "../lib/measure.mjs";
import { BENCH_DIR } from "../lib/paths.mjs";
import { measureInSlices } from "../lib/slices.mjs";
import { max, median, min } from "../lib/stats.mjs";
import { failedSection } from "../lib/table.mjs";

const CHILD = join(BENCH_DIR, "children", "inproc.mjs");

async function inprocess(config, label) {
  const { stdout } = await runNode(CHILD, [JSON.stringify(config)], { label });
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

/** `runs` fresh sets of processes; returns per case { label, perSec[], ratio[] (to `base` of the same run), cpu[] }. */
async function runAll(cases, { runs, era, projects, caseSeconds, warmupMs, base, log }) {
  const byCase = new Map(cases.map((name) => [name, { label: name, perSec: [], ratio: [], cpu: [] }]));
  for (let run = 0; run < runs; run++) {
    const results = await measureInSlices(cases, { era, projects, warmupMs }, { seconds: caseSeconds });
    const baseline = results.find((r) => r.case === base);
    for (const r of results) {
      const entry = byCase.get(r.case);
      entry.label = r.label;
      entry.perSec.push(r.perSec);
      entry.ratio.push(r.perSec / baseline.perSec);
      entry.cpu.push(r.cpuUsPerCall);
    }
    log(`  ${era} run ${run + 1}/${runs}: ${results.map((r) => `${r.case} ${r.perSec.toFixed(0)}/s`).join(", ")}`);
  }
  return byCase;
}

/** The two clients share one server: measured round-robin inside one process, `runs` times. */
async function runClients({ runs, projects, caseSeconds, warmupMs, log }) {
  const byCase = new Map();
  for (let run = 0; run < runs; run++) {
    const cases = ["client-raw", "client-gen"];
    const out = await inprocess({ cases, seconds: caseSeconds * cases.length, warmupMs, era: "modern", projects }, "in-process clients");
    const raw = out.results.find((r) => r.case === "client-raw");
    for (const r of out.results) {
      if (!byCase.has(r.case)) byCase.set(r.case, { label: r.label, perSec: [], ratio: [], cpu: [] });
      const entry = byCase.get(r.case);
      entry.perSec.push(r.perSec);
      entry.ratio.push(r.perSec / raw.perSec);
      entry.cpu.push(r.cpuUsPerCall);
    }
    log(`  clients run ${run + 1}/${runs}: ${out.results.map((r) => `${r.case} ${r.perSec.toFixed(0)}/s`).join(", ")}`);
  }
  return byCase;
}

const MODERN = ["floor", "one-zod", "one-zod-hoisted", "one-fjs", "one-fjs-hoisted", "one-gen", "gh-gen", "gh-naive"];
const LEGACY = ["floor", "one-zod", "one-fjs", "one-gen", "gh-gen", "gh-naive"];
const LISTED = ["floor", "one-gen", "gh-gen", "gh-naive"];
const LEGACY_RUNS = 3;

function rateCells(entry) {
  return [fmt.rate(median(entry.perSec)), `${fmt.rate(min(entry.perSec))} – ${fmt.rate(max(entry.perSec))}`];
}

export async function inprocSuite({ options, log, targets, projects }) {
  const common = { runs: options.runtimeRuns, projects, caseSeconds: options.caseSeconds, warmupMs: options.warmupMs, base: "floor", log };
  const modern = await runAll(MODERN, { ...common, era: "modern" });
  // One process per listed server, so no other server's heap is around.
  const lists = [];
  for (const name of LISTED) {
    const out = await inprocess({ cases: [], era: "modern", projects, list: [name], listIterations: options.quick ? 5 : 20, connectIterations: options.quick ? 2 : 5 }, `tools/list ${name}`);
    lists.push(...out.lists);
  }
  const listOf = (name) => lists.find((l) => l.case === name);
  log(`  tools/list: ${lists.map((l) => `${l.case} ${l.listMs.toFixed(1)} ms`).join(", ")}`);

  const sections = [];
  const rows = [];
  for (const name of MODERN) {
    const entry = modern.get(name);
    const list = listOf(name);
    const ratio = median(entry.ratio);
    let t = { target: "", status: "" };
    if (name === "one-gen") t = targets.add("oneVsFloor", fmt.ratio(ratio), ratio, "in-process");
    if (name === "gh-gen") t = targets.add("githubVsFloor", fmt.ratio(ratio), ratio, "in-process");
    rows.push([
      entry.label,
      ...rateCells(entry),
      name === "floor" ? "1.00× (baseline)" : fmt.ratio(ratio),
      fmt.us(median(entry.cpu)),
      list ? fmt.ms(list.listMs) : "",
      list ? fmt.ms(list.connectListMs) : "",
      String(entry.perSec.length),
      t.target,
      t.status,
    ]);
    if (name === "gh-gen") {
      const naive = modern.get("gh-naive").perSec;
      const vsNaive = median(entry.perSec.map((g, i) => g / naive[i]));
      const tn = targets.add("githubVsNaive", fmt.ratio(vsNaive), vsNaive, "in-process");
      rows.push(["↳ generated ÷ naive, 1,223 tools", "", "", fmt.ratio(vsNaive), "", "", "", "", tn.target, tn.status]);
      const tl = targets.add("listMs", fmt.ms(list?.listMs), list?.listMs, "in-process");
      rows.push(["↳ tools/list of the generated 1,223-tool server", "", "", "", "", fmt.ms(list?.listMs), "", "", tl.target, tl.status]);
    }
  }
  sections.push({
    title: `Server, in-process (SDK Client → createMcpHandler(...).fetch), 2026-07-28 era`,
    columns: ["server", "calls/s", "min – max", "× floor", "CPU/call", "tools/list", "connect + list", "runs", "target", "status"],
    rows,
    notes: [
      `Sequential client.callTool() calls. ${options.runtimeRuns} run${options.runtimeRuns === 1 ? "" : "s"}; a run starts one process per server (client and server in it) and gives them 100 ms slices in turn until each has had ${options.caseSeconds} s, so every server has its own heap and the machine's drift hits all alike. Ratios are medians of per-run ratios. CPU/call counts client and server.`,
      "1-tool servers serve get_forecast (4 arguments, an outputSchema with an array of objects; bench/lib/forecast-tool.mjs); 1,223-tool servers are called with repos_get; the floor is a one-tool McpServer with no schema (ping).",
      'Naive = the SDK\'s documented way, everything inside the per-request factory: McpServer + registerTool + a schema (zod, or fromJsonSchema of a JSON Schema literal, i.e. a new object per request); "built once" rows hoist the schema objects out of the factory.',
      "Rows marked *: the naive 1,223-tool server leaves out the tools whose inputSchema the SDK's ajv refuses to compile (1 of the corpus: dependency-graph_create-repository-snapshot, OpenAPI `nullable` without `type`).",
      "tools/list = client.listTools() of every page on a connected client, cache bypassed (median of 20, one process per server); connect + list = a fresh Client's connect() (server/discover) and listTools().",
    ],
  });

  if (!options.skipLegacy) sections.push(await orFailed("Server, in-process, 2025-11-25 era", () => legacySection(common), log));
  sections.push(await orFailed("Generated client overhead", () => clientSection(common), log));
  return sections;
}

async function orFailed(title, make, log) {
  try {
    return await make();
  } catch (error) {
    log(`${title} FAILED: ${error.message}`);
    return failedSection(title, error);
  }
}

async function legacySection(common) {
  const legacy = await runAll(LEGACY, { ...common, runs: Math.min(common.runs, LEGACY_RUNS), era: "legacy" });
  const rows = [];
  for (const [name, entry] of legacy)
    rows.push([entry.label, ...rateCells(entry), name === "floor" ? "1.00× (baseline)" : fmt.ratio(median(entry.ratio)), fmt.us(median(entry.cpu)), String(entry.perSec.length)]);
  return {
    title: "Server, in-process, 2025-11-25 era (initialize handshake; served stateless per request)",
    columns: ["server", "calls/s", "min – max", "× floor", "CPU/call", "runs"],
    rows,
    notes: [
      `Same servers, wiring and method with a default SDK Client (no version negotiation), at most ${LEGACY_RUNS} runs. The issue's targets are stated for the 2026-07-28 era; shown for reference.`,
    ],
  };
}

async function clientSection(common) {
  const client = await runClients(common);
  const raw = client.get("client-raw");
  const gen = client.get("client-gen");
  const addedUs = median(gen.perSec.map((g, i) => 1e6 / g - 1e6 / raw.perSec[i]));
  return {
    title: "Generated client overhead (same in-process generated 1-tool server)",
    columns: ["client", "calls/s", "min – max", "× raw", "CPU/call", "added per call", "runs"],
    rows: [
      [raw.label, ...rateCells(raw), "1.00× (baseline)", fmt.us(median(raw.cpu)), "", String(raw.perSec.length)],
      [gen.label, ...rateCells(gen), fmt.ratio(median(gen.ratio)), fmt.us(median(gen.cpu)), fmt.us(addedUs), String(gen.perSec.length)],
    ],
    notes: [
      "The generated method validates the arguments before sending, sends the compiled descriptor as toolDefinition, checks isError and validates structuredContent against the outputSchema; the raw call does none of these. The client is built as ToolsClient.connectHttp builds it (precompiled validators). No target in the issue.",
    ],
  };
}
