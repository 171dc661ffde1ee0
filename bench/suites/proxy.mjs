// `mcp-gen proxy` against the direct connection, measured in the same run: the SDK v2 client (the
// host, 2026-07-28 era) makes sequential tools/call requests to the SDK floor server, directly and
// through the proxy, over stdio (`proxy -- node server`) and HTTP (`proxy --url`, the host on stdio;
// and `--listen`, the host on HTTP, for information), rounds interleaved; and lists 1,000 tools both
// ways. The proxy checks every tool of every list against a lock `mcp-gen import` wrote for the
// server, as a user's would be. Also: the proxy's own check of one 1,000-tool answer, in process
// (dist/proxy/), and the proxy's peak RSS.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import * as fmt from "../lib/format.mjs";
import { BENCH_DIR, MCP_GEN_BIN, REPO_DIR, WORK_DIR } from "../lib/paths.mjs";
import { median, pairedRatio } from "../lib/stats.mjs";

const SERVER = join(BENCH_DIR, "children", "proxy-server.mjs");
const RELAY = join(BENCH_DIR, "children", "byte-relay.mjs");
const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };

/** Percentile of sorted samples. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function peakRssMB(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process has used so far, in ms; NaN where /proc cannot tell. */
function cpuMs(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** `mcp-gen import` of one of the bench servers into a temp project: the lock the proxy pins it to. */
function importLock(kind, log) {
  mkdirSync(WORK_DIR, { recursive: true });
  const dir = mkdtempSync(join(WORK_DIR, `proxy-${kind}-`));
  log(`  pinning the ${kind} server (mcp-gen import)`);
  const run = spawnSync(process.execPath, [MCP_GEN_BIN, "import", "--cwd", dir, "--command", `"${process.execPath}" "${SERVER}" ${kind} stdio`], { encoding: "utf8", cwd: REPO_DIR });
  if (run.status !== 0) throw new Error(`mcp-gen import of the ${kind} server failed: ${run.stderr.slice(-1000)}`);
  return dir;
}

function startHttpServer(kind) {
  const child = spawn(process.execPath, [SERVER, kind, "http"], { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve({ child, url: new URL(`http://127.0.0.1:${JSON.parse(out).port}/mcp`) });
    });
    child.once("exit", (code) => reject(new Error(`the ${kind} HTTP server exited with ${code}`)));
  });
}

async function connect(transport) {
  const client = new Client({ name: "bench-host", version: "1.0.0" }, { capabilities: {}, versionNegotiation: { mode: "auto" } });
  await client.connect(transport);
  if (client.getProtocolEra() !== "modern") throw new Error("the bench host did not negotiate 2026-07-28");
  return client;
}

function stdio(command, args) {
  return new StdioClientTransport({ command, args, stderr: "ignore" });
}

function proxyArgs(lockDir, rest) {
  return [MCP_GEN_BIN, "proxy", "--cwd", lockDir, ...rest];
}

/** `mcp-gen proxy --listen 127.0.0.1:0 -- server`: its URL once it listens, and the process. */
function startListening(lockDir) {
  const child = spawn(process.execPath, proxyArgs(lockDir, ["--listen", "127.0.0.1:0", "--", process.execPath, SERVER, "floor", "stdio"]), { stdio: ["pipe", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const match = /listening on (\S+)/.exec(err);
      if (match) resolve({ child, url: new URL(match[1]) });
    });
    child.once("exit", (code) => reject(new Error(`mcp-gen proxy --listen exited with ${code}: ${err.slice(-500)}`)));
  });
}

/** Sequential tools/call for `seconds`: calls per second and each call's latency in ms. */
async function callFor(client, seconds) {
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    const result = await client.callTool({ name: "echo", arguments: { text: "hello" } });
    latencies.push(performance.now() - start);
    if (result.content?.[0]?.text !== "hello") throw new Error(`echo answered ${JSON.stringify(result)}`);
  }
  const total = latencies.reduce((a, b) => a + b, 0);
  return { rate: (latencies.length / total) * 1000, latencies };
}

async function listTimes(client, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const { tools } = await client.listTools();
    times.push(performance.now() - start);
    if (tools.length !== 1001) throw new Error(`tools/list gave ${tools.length} tools, not 1,001`);
  }
  return times;
}

/** The proxy's own work on one 1,000-tool answer, in process: read the line, hash and check every tool. */
async function inProcessCheck(lockDir, runs) {
  const dist = (path) => import(pathToFileURL(join(REPO_DIR, "dist", path)).href);
  const [{ parseLock }, { ToolGate }, { readLine }, { checkListAnswer }] = await Promise.all([
    dist("lock/parse-lock.js"),
    dist("proxy/tool-gate.js"),
    dist("proxy/read-message.js"),
    dist("proxy/check-list-answer.js"),
  ]);
  const lock = parseLock(readFileSync(join(lockDir, "mcp-tools.lock.json"), "utf8"), "mcp-tools.lock.json").value;
  const text = await rawListAnswer();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const gate = new ToolGate(lock, "block");
    const start = performance.now();
    const read = readLine(text);
    const checked = checkListAnswer(read.item.received, gate, 1000);
    times.push(performance.now() - start);
    if (!checked.ok || checked.page.verdicts.some((v) => v.status !== "match")) throw new Error("the 1,000-tool answer does not match its own lock");
  }
  return times;
}

/**
 * The proxy's own work for one tools/call round trip, in process (dist/proxy/): the host's request
 * and the server's answer through a ProxySession whose two sides are plain functions, no pipes. µs.
 */
async function inProcessRoundTrip(lockDir, listAnswer, calls) {
  const dist = (path) => import(pathToFileURL(join(REPO_DIR, "dist", path)).href);
  const [{ parseLock }, { ToolGate }, { ProxySession }, { DriftReporter }] = await Promise.all([
    dist("lock/parse-lock.js"),
    dist("proxy/tool-gate.js"),
    dist("proxy/proxy-session.js"),
    dist("proxy/drift-reporter.js"),
  ]);
  const lock = parseLock(readFileSync(join(lockDir, "mcp-tools.lock.json"), "utf8"), "mcp-tools.lock.json").value;
  const context = { lockPath: "mcp-tools.lock.json", updateCommand: "mcp-gen import --update" };
  const reporter = new DriftReporter(context, { stderr: () => undefined, log: () => undefined, now: () => "" });
  let toHost = "";
  let server;
  const host = { send: (text) => ((toHost = text), true), onDrain() {}, pause() {}, resume() {} };
  const upstream = { start: (events) => ((server = events), Promise.resolve()), send: () => true, abandon() {}, pause() {}, resume() {}, close: () => new Promise(() => undefined) };
  const session = new ProxySession(host, upstream, { gate: new ToolGate(lock, "block"), reporter, context, maxDepth: 64, maxPages: 10, ownTimeoutMs: 30_000 });
  await session.start();
  const meta = JSON.stringify({ ...META, "io.modelcontextprotocol/clientInfo": { name: "bench-host", version: "1.0.0" } });
  session.fromHost(`{"jsonrpc":"2.0","id":0,"method":"tools/list","params":{"_meta":${meta}}}`);
  server.line(listAnswer.replace(/"id":\d+/, '"id":0'), undefined);
  if (!toHost.includes('"echo"')) throw new Error("the in-process proxy withheld the echo tool");
  const roundTrips = (from, to) => {
    for (let id = from; id < to; id++) {
      session.fromHost(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"},"_meta":${meta}}}`);
      server.line(`{"result":{"content":[{"type":"text","text":"hello"}]},"jsonrpc":"2.0","id":${id}}`, undefined);
    }
  };
  roundTrips(1, 1 + calls); // warm-up
  const start = performance.now();
  roundTrips(1 + calls, 1 + 2 * calls);
  const elapsed = performance.now() - start;
  if (!toHost.includes('"hello"')) throw new Error(`the in-process proxy answered ${toHost.slice(0, 200)}`);
  return (elapsed * 1000) / calls;
}

/** One tools/list answer of the list server, as it writes it. */
function rawListAnswer(kind = "list") {
  const child = spawn(process.execPath, [SERVER, kind, "stdio"], { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const end = out.indexOf("\n");
      if (end < 0) return;
      child.kill();
      resolve(out.slice(0, end));
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } })}\n`);
  });
}

export async function proxySuite({ options, log, targets }) {
  const floorLock = importLock("floor", log);
  const listLock = importLock("list", log);
  const http = await startHttpServer("floor");
  const listen = await startListening(floorLock);
  const clients = [];
  try {
    const open = async (name, transport) => {
      const client = await connect(transport);
      clients.push(client);
      return { name, client, transport };
    };
    const stdioDirect = await open("stdio direct", stdio(process.execPath, [SERVER, "floor", "stdio"]));
    const stdioProxy = await open("stdio proxy", stdio(process.execPath, proxyArgs(floorLock, ["--", process.execPath, SERVER, "floor", "stdio"])));
    // The floor of any relay process: bytes piped through, nothing read.
    const stdioRelay = await open("stdio relay", stdio(process.execPath, [RELAY, process.execPath, SERVER, "floor", "stdio"]));
    const httpDirect = await open("http direct", new StreamableHTTPClientTransport(http.url));
    const httpProxy = await open("http proxy", stdio(process.execPath, proxyArgs(floorLock, ["--url", http.url.href])));
    const listenProxy = await open("listen proxy", new StreamableHTTPClientTransport(listen.url));
    const listDirect = await open("list direct", stdio(process.execPath, [SERVER, "list", "stdio"]));
    const listProxy = await open("list proxy", stdio(process.execPath, proxyArgs(listLock, ["--", process.execPath, SERVER, "list", "stdio"])));
    const calls = [stdioDirect, stdioProxy, stdioRelay, httpDirect, httpProxy, listenProxy];
    for (const c of calls) await callFor(c.client, options.quick ? 0.3 : 1); // warm-up
    await listTimes(listDirect.client, 3);
    await listTimes(listProxy.client, 3);
    const rounds = options.quick ? 1 : options.runs;
    const seconds = options.quick ? 0.5 : options.caseSeconds;
    const rates = new Map(calls.map((c) => [c.name, []]));
    const latencies = new Map(calls.map((c) => [c.name, []]));
    const lists = { direct: [], proxy: [] };
    // CPU of the relaying process itself per call (the server's and host's are the same either way).
    const cpu = new Map([stdioProxy, stdioRelay].map((c) => [c.name, { ms: 0, calls: 0 }]));
    for (let round = 0; round < rounds; round++) {
      for (const c of calls) {
        const before = cpu.has(c.name) ? cpuMs(c.transport.pid) : 0;
        const measured = await callFor(c.client, seconds);
        if (cpu.has(c.name)) {
          cpu.get(c.name).ms += cpuMs(c.transport.pid) - before;
          cpu.get(c.name).calls += measured.latencies.length;
        }
        rates.get(c.name).push(measured.rate);
        latencies.get(c.name).push(...measured.latencies);
      }
      lists.direct.push(...(await listTimes(listDirect.client, 5)));
      lists.proxy.push(...(await listTimes(listProxy.client, 5)));
      log(`  proxy round ${round + 1}/${rounds}: ${calls.map((c) => `${c.name} ${rates.get(c.name).at(-1).toFixed(0)}/s`).join(", ")}`);
    }
    const check = await inProcessCheck(listLock, options.quick ? 5 : 20);
    const roundTrip = await inProcessRoundTrip(floorLock, await rawListAnswer("floor"), options.quick ? 20_000 : 100_000);
    const cpuPerCall = (name) => (cpu.get(name).ms * 1000) / cpu.get(name).calls;
    const rss = {
      stdio: peakRssMB(stdioProxy.transport.pid),
      relay: peakRssMB(stdioRelay.transport.pid),
      http: peakRssMB(httpProxy.transport.pid),
      listen: peakRssMB(listen.child.pid),
      list: peakRssMB(listProxy.transport.pid),
    };
    const pct = (name, p) =>
      percentile(
        [...latencies.get(name)].sort((a, b) => a - b),
        p,
      );
    const row = (label, direct, proxy, key, where, rssMB) => {
      const ratio = pairedRatio(rates.get(proxy), rates.get(direct));
      const t = key ? targets.add(key, fmt.ratio(ratio), ratio, where) : { target: "(information)", status: "" };
      return [
        label,
        fmt.rate(median(rates.get(direct))),
        fmt.rate(median(rates.get(proxy))),
        fmt.ratio(ratio),
        `${fmt.ms(pct(proxy, 50) - pct(direct, 50))} / ${fmt.ms(pct(proxy, 99) - pct(direct, 99))}`,
        `${fmt.ms(pct(direct, 50))} / ${fmt.ms(pct(direct, 99))}`,
        fmt.mb(rssMB),
        String(rates.get(proxy).length),
        t.target,
        t.status,
      ];
    };
    const rssMax = Math.max(rss.stdio, rss.http, rss.listen, rss.list);
    const listAdded = median(lists.proxy) - median(lists.direct);
    const tList = targets.add("proxyListMs", fmt.ms(listAdded), listAdded, "proxy");
    const tCheck = { target: "", status: "" };
    const tRss = targets.add("proxyRss", fmt.mb(rssMax), rssMax, "proxy");
    return {
      title: "mcp-gen proxy: the same SDK v2 host and server, directly and through the proxy (2026-07-28 era)",
      columns: ["connection", "direct calls/s", "proxied calls/s", "proxied ÷ direct", "added p50 / p99", "direct p50 / p99", "proxy peak RSS", "runs", "target", "status"],
      rows: [
        row("stdio: host → proxy → server (stdio)", "stdio direct", "stdio proxy", "proxyStdio", "proxy stdio", rss.stdio),
        row("  floor: host → byte relay (stream.pipe, nothing checked) → server (stdio)", "stdio direct", "stdio relay", undefined, "", rss.relay),
        [
          "  CPU of the relaying process per call: proxy, byte relay",
          "",
          "",
          "",
          `${fmt.us(cpuPerCall("stdio proxy"))}, ${fmt.us(cpuPerCall("stdio relay"))}`,
          "",
          "",
          String(rounds),
          "(information)",
          "",
        ],
        ["  the proxy's own work per tools/call round trip, in process (no pipes)", "", "", "", fmt.us(roundTrip), "", "", "1", "(information)", ""],
        row("HTTP: host (stdio) → proxy --url → server (HTTP)", "http direct", "http proxy", "proxyHttp", "proxy HTTP", rss.http),
        row("  host (HTTP) → proxy --listen → server (stdio), vs host → server (HTTP)", "http direct", "listen proxy", undefined, "", rss.listen),
        [
          "tools/list of 1,001 tools, added by the proxy (median)",
          fmt.ms(median(lists.direct)),
          fmt.ms(median(lists.proxy)),
          "",
          fmt.ms(listAdded),
          "",
          fmt.mb(rss.list),
          String(rounds),
          tList.target,
          tList.status,
        ],
        ["  the proxy's check of one 1,001-tool answer, in process (median)", "", "", "", fmt.ms(median(check)), "", "", String(check.length), tCheck.target, tCheck.status],
        ["proxy peak RSS (largest of the proxies above)", "", "", "", "", "", fmt.mb(rssMax), "", tRss.target, tRss.status],
      ],
      notes: [
        `Sequential tools/call of echo for ${seconds} s per connection per round, ${rounds} rounds, connections in turn; the ratio is the median of per-round ratios. The list rows: 5 sequential tools/list per round on each side, direct and through the proxy (one page of 254 KB).`,
        "The host is the official SDK v2 Client; the server the SDK v2 McpServer with one tool (the runtime benchmarks' floor) or 1,001 tools; every process on the same 2 shared cores.",
        "Added latency: the proxied connection's percentile minus the direct one's, over every call of every round.",
        "Floor: bench/children/byte-relay.mjs, a Node process that only pipes bytes between host and server; what a relay process costs on this machine before it reads anything.",
      ],
    };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    http.child.kill("SIGTERM");
    listen.child.kill("SIGTERM");
    rmSync(floorLock, { recursive: true, force: true });
    rmSync(listLock, { recursive: true, force: true });
  }
}
