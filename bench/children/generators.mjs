// Reference: the two code generators mcp-gen pins, json-schema-to-typescript (types) and ajv
// (standalone validators), run over the corpus's distinct inputSchemas and nothing else: no reading
// of descriptor files, no rules, no server, client, lock or handler files, nothing written. It is
// the floor of any build that makes types and validators with these packages. Each distinct schema
// (by its JSON text) is compiled once, as mcp-gen does; the list is split in two halves, one for
// the main thread and one for a worker thread, because mcp-gen's build uses both cores too.
// With --phases, each thread also counts its time (wall, and its own CPU time from
// /proc/thread-self/schedstat) in three parts: start-up and loading both packages, types, and
// validators: the floors of those phases in the phase table. The timed row runs without it.
// With --engine=mcp-gen, the process first sets the V8 flags a batch mcp-gen command sets for
// itself (src/cli/engine-tuning.ts, as built in dist/): the floor under the same engine settings as
// the build it is the floor of. Without it, Node's defaults.
// Usage: node children/generators.mjs <tools.json> [threads=2] [--phases] [--engine=mcp-gen]
import { openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);

/** This thread's CPU time in ms (Linux), or NaN. */
function threadCpu() {
  let fd;
  try {
    fd = openSync("/proc/thread-self/schedstat", "r");
  } catch {
    return () => NaN;
  }
  const buffer = Buffer.alloc(128);
  return () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString("latin1", 0, length).split(" ")[0]) / 1e6;
  };
}

/** Types and a standalone validator for each schema; returns the bytes of code written, and the thread's times by part when `phases`. */
async function generate(schemas, phases, startedAt) {
  const cpu = phases ? threadCpu() : undefined;
  const { compile } = require("json-schema-to-typescript");
  const { Ajv2020 } = require("ajv/dist/2020.js");
  const standaloneCode = require("ajv/dist/standalone/index.js").default;
  const addFormats = require("ajv-formats").default;
  // The options mcp-gen's own engine uses: the SDK's strict: false and format checks, first error.
  const ajv = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false, logger: false, code: { source: true, esm: true, lines: true } });
  addFormats(ajv);
  const times = phases ? { startup: { wallMs: performance.now() - startedAt, cpuMs: cpu() }, types: { wallMs: 0, cpuMs: 0 }, schemas: { wallMs: 0, cpuMs: 0 } } : undefined;
  const timed = async (part, work) => {
    if (!times) return work();
    const wall = performance.now();
    const was = cpu();
    try {
      return await work();
    } finally {
      times[part].wallMs += performance.now() - wall;
      times[part].cpuMs += cpu() - was;
    }
  };
  let bytes = 0;
  for (const schema of schemas) {
    bytes += (await timed("types", () => compile(structuredClone(schema), "ToolArguments", { bannerComment: "", format: false, additionalProperties: true, unknownAny: true }))).length;
    bytes += await timed("schemas", () => {
      try {
        const validate = ajv.compile(schema);
        const length = standaloneCode(ajv, validate).length;
        ajv.removeSchema(schema);
        return length;
      } catch {
        // ajv refuses the schema (the corpus has one: OpenAPI `nullable` without `type`).
        return 0;
      }
    });
  }
  return { bytes, times };
}

if (isMainThread) {
  const args = process.argv.slice(2);
  const phases = args.includes("--phases");
  // Before either package loads; the worker thread shares V8's flags.
  if (args.includes("--engine=mcp-gen")) (await import("../../dist/cli/engine-tuning.js")).tuneEngineForBatch();
  const [file, threadsText = "2"] = args.filter((arg) => !arg.startsWith("--"));
  const { tools } = JSON.parse(readFileSync(file, "utf8"));
  const distinct = [...new Set(tools.map((tool) => JSON.stringify(tool.inputSchema)))].map((text) => JSON.parse(text));
  const threads = Math.max(1, Number(threadsText));
  const half = threads === 1 ? distinct.length : Math.ceil(distinct.length / 2);
  const workerShare = distinct.slice(half);
  const worker =
    workerShare.length > 0
      ? new Promise((resolve, reject) => {
          const thread = new Worker(new URL(import.meta.url), { workerData: { schemas: workerShare, phases, spawnedAt: performance.timeOrigin + performance.now() } });
          thread.once("message", resolve);
          thread.once("error", reject);
        })
      : Promise.resolve({ bytes: 0, times: undefined });
  // The main thread's start-up counts from the process's start (performance.now() is 0 then).
  const main = await generate(distinct.slice(0, half), phases, 0);
  const other = await worker;
  const result = { tools: tools.length, schemas: distinct.length, threads, bytes: main.bytes + other.bytes };
  console.log(JSON.stringify(phases ? { ...result, phases: [main.times, other.times].filter(Boolean) } : result));
} else {
  const { schemas, phases, spawnedAt } = workerData;
  parentPort.postMessage(await generate(schemas, phases, spawnedAt - performance.timeOrigin));
}
