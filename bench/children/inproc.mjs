// In-process benchmark driver: SDK Client → StreamableHTTPClientTransport({ fetch }) →
// handler.fetch, the SDK's documented test wiring (docs/testing.md), no socket.
// Usage: node children/inproc.mjs '<json config>'
// Config: { cases: [names], seconds, warmupMs, sliceMs, era: "modern" | "legacy", projects,
//           list: [names], listIterations, connectIterations, slices: boolean }
// - slices: true (started with an IPC channel, one case): warms up, sends { ready }, then runs one
//   time slice per { slice: ms } message and answers { calls, ms, cpuUs }; { stop } ends it. The
//   parent takes every server's process in turn, so each server has a heap of its own while the
//   machine's drift still hits all of them alike.
// - otherwise the named cases run round-robin in slices inside this one process (for cases that
//   share one server, like the two clients), then the `list` measurements; prints one JSON line.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { performance } from "node:perf_hooks";
import { generatedClient, makeCase } from "../lib/servers.mjs";
import { median } from "../lib/stats.mjs";

const config = JSON.parse(process.argv[2]);
const era = config.era ?? "modern";

async function connect(fetchFn, options = {}) {
  const transport = new StreamableHTTPClientTransport(new URL("http://bench.local/mcp"), { fetch: (url, init) => fetchFn(new Request(url, init)) });
  const client = new Client({ name: "mcp-gen-bench", version: "1.0.0" }, { ...(era === "modern" ? { versionNegotiation: { mode: "auto" } } : {}), ...options });
  await client.connect(transport);
  return client;
}

const servers = new Map();
async function server(name) {
  if (!servers.has(name)) servers.set(name, await makeCase(name, config.projects));
  return servers.get(name);
}

/** A driver: { name, label, run() } where run performs one complete call and throws on a wrong answer. */
async function driver(name) {
  if (name === "client-raw" || name === "client-gen") {
    const one = await server("one-gen");
    const typed = await generatedClient(config.projects);
    if (name === "client-raw") {
      const client = await connect((request) => one.handler.fetch(request));
      const run = async () => {
        const result = await client.callTool(one.call);
        if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
        return result;
      };
      if (!one.expect(await run())) throw new Error("client-raw: unexpected first result");
      return { name, label: "SDK client.callTool (raw)", run, client };
    }
    const client = await connect((request) => one.handler.fetch(request), typed.clientOptions);
    const tools = new typed.ToolsClient(client);
    const run = async () => {
      const outcome = await tools[typed.method](typed.args);
      if (outcome.isError) throw new Error(`tool error: ${outcome.message}`);
      return outcome;
    };
    if (!typed.expect(await run())) throw new Error("client-gen: unexpected first outcome");
    return { name, label: `generated ToolsClient.${typed.method}()`, run, client };
  }
  const s = await server(name);
  const client = await connect((request) => s.handler.fetch(request));
  const run = async () => {
    const result = await client.callTool(s.call);
    if (result.isError) throw new Error(`${name}: tool error: ${JSON.stringify(result.content).slice(0, 300)}`);
    return result;
  };
  const first = await run();
  if (!s.expect(first)) throw new Error(`${name}: unexpected first result ${JSON.stringify(first).slice(0, 300)}`);
  return { name, label: s.label, run, client };
}

async function warm(run, ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) await run();
}

/** Runs `run` for `ms` milliseconds; returns { calls, ms, cpuUs }. */
async function slice(run, ms) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const end = t0 + ms;
  let calls = 0;
  while (performance.now() < end) {
    await run();
    calls++;
  }
  const c = process.cpuUsage(c0);
  return { calls, ms: performance.now() - t0, cpuUs: c.user + c.system };
}

if (config.slices) {
  const d = await driver(config.cases[0]);
  await warm(d.run, config.warmupMs ?? 500);
  process.on("message", async (message) => {
    if (message.slice) process.send(await slice(d.run, message.slice));
    if (message.stop) {
      await d.client.close();
      for (const s of servers.values()) await s.handler.close();
      process.exit(0);
    }
  });
  process.send({ ready: true, label: d.label });
} else {
  await measureHere();
}

async function measureHere() {
  const drivers = [];
  for (const name of config.cases ?? []) drivers.push(await driver(name));
  for (const d of drivers) await warm(d.run, config.warmupMs ?? 500);

  const calls = drivers.map(() => 0);
  const elapsed = drivers.map(() => 0);
  const cpu = drivers.map(() => 0);
  const sliceMs = config.sliceMs ?? 100;
  const end = performance.now() + (config.seconds ?? 3) * 1000;
  while (drivers.length && performance.now() < end) {
    for (let i = 0; i < drivers.length; i++) {
      const r = await slice(drivers[i].run, sliceMs);
      calls[i] += r.calls;
      elapsed[i] += r.ms;
      cpu[i] += r.cpuUs;
    }
  }
  const results = drivers.map((d, i) => ({
    case: d.name,
    label: d.label,
    calls: calls[i],
    perSec: (calls[i] * 1000) / elapsed[i],
    cpuUsPerCall: cpu[i] / calls[i],
  }));

  // tools/list latency: all pages through client.listTools() on a connected client (cache bypassed),
  // and a fresh client's connect + list, as a host starting up sees it.
  const lists = [];
  for (const name of config.list ?? []) {
    const s = await server(name);
    const client = await connect((request) => s.handler.fetch(request));
    const listOnce = async () => {
      const { tools } = await client.listTools(undefined, { cacheMode: "bypass" });
      if (tools.length !== s.tools) throw new Error(`${name}: tools/list returned ${tools.length} tools, expected ${s.tools}`);
    };
    for (let i = 0; i < 3; i++) await listOnce();
    const listTimes = [];
    for (let i = 0; i < (config.listIterations ?? 20); i++) {
      const t0 = performance.now();
      await listOnce();
      listTimes.push(performance.now() - t0);
    }
    await client.close();
    const connectTimes = [];
    for (let i = 0; i < (config.connectIterations ?? 5); i++) {
      const t0 = performance.now();
      const fresh = await connect((request) => s.handler.fetch(request));
      const { tools } = await fresh.listTools();
      connectTimes.push(performance.now() - t0);
      if (tools.length !== s.tools) throw new Error(`${name}: connect + list returned ${tools.length} tools`);
      await fresh.close();
    }
    lists.push({ case: name, label: s.label, tools: s.tools, listMs: median(listTimes), connectListMs: median(connectTimes) });
  }

  for (const d of drivers) await d.client.close();
  for (const s of servers.values()) await s.handler.close();
  console.log(JSON.stringify({ era, results, lists }));
  process.exit(0);
}
