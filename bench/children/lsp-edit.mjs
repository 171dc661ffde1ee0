// `mcp-gen lsp` as an editor drives it, on a project of many tools: opens every descriptor, waits
// until the server has published for each of them (the time that took is `openMs`), reads the
// server's RSS, then edits one description at a time (a different tool each time, as someone
// typing in one file and then another would) and times each edit from sending didChange to the
// publishDiagnostics of that very version. Edits are 100 ms apart, as keystrokes are. Speaks the
// protocol itself (Content-Length framing on stdio), so nothing but the server is measured.
// Prints {"ms": [...], "openMs", "rssOpenMB", "rssEndMB", "hwmMB", "tools"}.
// Usage: node children/lsp-edit.mjs <mcp-gen bin> <project> <edits> <seed>
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const [bin, project, editsText, seedText] = process.argv.slice(2);
const edits = Number(editsText);
const seed = Number(seedText);
const WARMUP = 3;
const child = spawn(process.execPath, [bin, "lsp", "--stdio"], { cwd: project, stdio: ["pipe", "pipe", "inherit"] });

let buffer = Buffer.alloc(0);
let nextId = 1;
const pending = new Map();
/** The last version published for each URI. */
const published = new Map();
let notify;
child.stdout.on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf("\r\n\r\n");
    if (end === -1) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString("ascii"))?.[1]);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString("utf8"));
    buffer = buffer.subarray(end + 4 + length);
    receive(message);
  }
});

function receive(message) {
  if (message.method === "textDocument/publishDiagnostics") {
    published.set(message.params.uri, message.params.version ?? 0);
    notify?.();
  } else if (message.method !== undefined && message.id !== undefined) {
    send({ jsonrpc: "2.0", id: message.id, result: null });
  } else if (message.id !== undefined && pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  }
}

function send(message) {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]));
}

function request(method, params) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result)));
    send({ jsonrpc: "2.0", id, method, params });
  });
}

/** Resolves once `done()` holds (checked on every publishDiagnostics), or fails after two minutes. */
function until(done, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mcp-gen lsp did not publish ${what} in 120 s`)), 120_000);
    notify = () => done() && (clearTimeout(timer), resolve());
    notify();
  });
}

function statusKB(field) {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? NaN);
}

const rootUri = pathToFileURL(project).href;
await request("initialize", { processId: process.pid, rootUri, capabilities: {}, workspaceFolders: [{ uri: rootUri, name: "bench" }] });
send({ jsonrpc: "2.0", method: "initialized", params: {} });
const files = readdirSync(join(project, "tools"))
  .filter((name) => name.endsWith(".json"))
  .sort();
const texts = new Map(files.map((name) => [name, readFileSync(join(project, "tools", name), "utf8")]));
const uriOf = (name) => pathToFileURL(join(project, "tools", name)).href;
const opened = performance.now();
for (const name of files) send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: uriOf(name), languageId: "json", version: 1, text: texts.get(name) } } });
await until(() => files.every((name) => published.get(uriOf(name)) === 1), "for every file opened");
const openMs = performance.now() - opened;
const rssOpenMB = statusKB("VmRSS") / 1024;

const versions = new Map(files.map((name) => [name, 1]));
const ms = [];
for (let round = 0; round < WARMUP + edits; round++) {
  const name = files[(seed * 131 + round * 397) % files.length];
  const tool = JSON.parse(texts.get(name));
  tool.description = `${tool.description ?? ""} (edit ${seed}.${round})`;
  const version = versions.get(name) + 1;
  versions.set(name, version);
  const started = performance.now();
  send({ jsonrpc: "2.0", method: "textDocument/didChange", params: { textDocument: { uri: uriOf(name), version }, contentChanges: [{ text: `${JSON.stringify(tool, null, 2)}\n` }] } });
  await until(() => published.get(uriOf(name)) === version, `version ${version} of ${name}`);
  if (round >= WARMUP) ms.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const rssEndMB = statusKB("VmRSS") / 1024;
const hwmMB = statusKB("VmHWM") / 1024;
await request("shutdown", null);
send({ jsonrpc: "2.0", method: "exit" });
const code = await new Promise((resolve) => child.once("exit", resolve));
if (code !== 0) throw new Error(`mcp-gen lsp exited with ${code}`);
console.log(JSON.stringify({ ms, openMs, rssOpenMB, rssEndMB, hwmMB, tools: files.length }));
