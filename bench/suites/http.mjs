// Server throughput over real HTTP on 127.0.0.1: each server in its own process (wired like a
// generated project's src/http.ts), autocannon in this process posting 2026-07-28 tools/call
// requests (MCP-Protocol-Version, Mcp-Method, Mcp-Name headers; _meta protocolVersion, clientInfo,
// clientCapabilities in the body). A sample call before and after the load must be a valid result.
// Rounds: every server gets `httpSeconds` of load per round, servers in turn.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as fmt from "../lib/format.mjs";
import { checkToolsCall, toolsCallRequest } from "../lib/mcp-wire.mjs";
import { BENCH_DIR } from "../lib/paths.mjs";
import { callFor } from "../lib/calls.mjs";
import { max, median, min } from "../lib/stats.mjs";

const CHILD = join(BENCH_DIR, "children", "http-server.mjs");
const CASES = ["floor", "one-zod", "one-fjs", "one-gen", "gh-gen", "gh-naive"];

function startServer(name, projects) {
  const child = spawn(process.execPath, [CHILD, name, JSON.stringify(projects)], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const ready = new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk) => {
      out += chunk;
      const newline = out.indexOf("\n");
      if (newline < 0) return;
      child.stdout.off("data", onData);
      resolve(JSON.parse(out.slice(0, newline)));
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server ${name} exited with ${code} before listening: ${stderr.slice(-500)}`)));
  });
  return { name, child, ready, stderr: () => stderr };
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.stdin.end();
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

/** Peak resident set size of a live process, from /proc (Linux); NaN elsewhere. */
function peakRssMB(pid) {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return NaN;
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(file, "utf8"))?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

export async function httpSuite({ options, log, targets, projects }) {
  const { default: autocannon } = await import("autocannon");
  const servers = CASES.map((name) => startServer(name, projects));
  try {
    const info = new Map();
    for (const s of servers) {
      const ready = await s.ready;
      const url = `http://127.0.0.1:${ready.port}/mcp`;
      const { call, expect } = callFor(s.name);
      const problem = await checkToolsCall(url, call, expect);
      if (problem) throw new Error(`HTTP server ${s.name}: the sample tools/call is not a valid result: ${problem}`);
      info.set(s.name, { url, call, expect, label: ready.label, request: toolsCallRequest(call), reqPerSec: [], ratio: [], p50: [], p99: [], failures: 0 });
    }
    const load = (entry, seconds) =>
      autocannon({
        url: entry.url,
        method: "POST",
        headers: entry.request.headers,
        body: entry.request.body,
        connections: options.connections,
        duration: seconds,
      });
    for (const s of servers) await load(info.get(s.name), options.quick ? 0.5 : 1); // warm-up (JIT, first compile of schemas)
    for (let round = 0; round < options.runtimeRuns; round++) {
      const perRound = new Map();
      for (const s of servers) {
        const entry = info.get(s.name);
        const result = await load(entry, options.httpSeconds);
        entry.failures += result.non2xx + result.errors + result.timeouts;
        perRound.set(s.name, result.requests.average);
        entry.reqPerSec.push(result.requests.average);
        entry.p50.push(result.latency.p50);
        entry.p99.push(result.latency.p99);
      }
      for (const s of servers) info.get(s.name).ratio.push(perRound.get(s.name) / perRound.get("floor"));
      log(`  http round ${round + 1}/${options.runtimeRuns}: ${[...perRound].map(([k, v]) => `${k} ${v.toFixed(0)}/s`).join(", ")}`);
    }
    for (const s of servers) {
      const entry = info.get(s.name);
      const problem = await checkToolsCall(entry.url, entry.call, entry.expect);
      if (problem) throw new Error(`HTTP server ${s.name}: after the load, the sample tools/call is not a valid result: ${problem}`);
      entry.rss = peakRssMB(s.child.pid);
    }
    const rows = [];
    for (const name of CASES) {
      const e = info.get(name);
      const ratio = median(e.ratio);
      let t = { target: "", status: "" };
      if (name === "one-gen") t = targets.add("oneVsFloor", fmt.ratio(ratio), ratio, "HTTP");
      if (name === "gh-gen") t = targets.add("githubVsFloor", fmt.ratio(ratio), ratio, "HTTP");
      rows.push([
        e.label,
        fmt.rate(median(e.reqPerSec)),
        `${fmt.rate(min(e.reqPerSec))} – ${fmt.rate(max(e.reqPerSec))}`,
        name === "floor" ? "1.00× (baseline)" : fmt.ratio(ratio),
        fmt.ms(median(e.p50)),
        fmt.ms(median(e.p99)),
        fmt.mb(e.rss),
        e.failures ? String(e.failures) : "0",
        String(e.reqPerSec.length),
        t.target,
        t.status,
      ]);
      if (name === "gh-gen") {
        const naive = info.get("gh-naive").reqPerSec;
        const vsNaive = median(e.reqPerSec.map((v, i) => v / naive[i]));
        const tn = targets.add("githubVsNaive", fmt.ratio(vsNaive), vsNaive, "HTTP");
        rows.push(["↳ generated ÷ naive, 1,223 tools", "", "", fmt.ratio(vsNaive), "", "", "", "", "", tn.target, tn.status]);
      }
    }
    return {
      title: "Server over HTTP on 127.0.0.1 (autocannon → node:http → toNodeHandler → fetch), 2026-07-28 era",
      columns: ["server", "req/s", "min – max", "× floor", "p50", "p99", "server peak RSS", "failed", "runs", "target", "status"],
      rows,
      notes: [
        `${options.connections} connections, ${options.httpSeconds} s per server per round, ${options.runtimeRuns} rounds, servers in turn; autocannon runs in the bench process, each server in its own (both share the 2 cores).`,
        "Rows marked *: the naive 1,223-tool server leaves out the tools whose inputSchema the SDK's ajv refuses to compile (1 of the corpus: dependency-graph_create-repository-snapshot, OpenAPI `nullable` without `type`).",
        "Every server sits behind the same node:http + Host/Origin check + toNodeHandler wiring as a generated project's src/http.ts. failed = non-2xx answers, errors and timeouts over all rounds.",
      ],
    };
  } finally {
    await Promise.all(servers.map(stopServer));
  }
}
