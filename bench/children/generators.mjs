// Reference: the two code generators mcp-gen pins, json-schema-to-typescript (types) and ajv
// (standalone validators), run over the corpus's distinct inputSchemas and nothing else: no reading
// of descriptor files, no rules, no server, client, lock or handler files, nothing written. It is
// the floor of any build that makes types and validators with these packages. Each distinct schema
// (by its JSON text) is compiled once, as mcp-gen does; the list is split in two halves, one for
// the main thread and one for a worker thread, because mcp-gen's build uses both cores too.
// Usage: node children/generators.mjs <tools.json> [threads=2]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);

/** Types and a standalone validator for each schema; returns the bytes of code written. */
async function generate(schemas) {
  const { compile } = require("json-schema-to-typescript");
  const { Ajv2020 } = require("ajv/dist/2020.js");
  const standaloneCode = require("ajv/dist/standalone/index.js").default;
  const addFormats = require("ajv-formats").default;
  // The options mcp-gen's own engine uses: the SDK's strict: false and format checks, first error.
  const ajv = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false, logger: false, code: { source: true, esm: true, lines: true } });
  addFormats(ajv);
  let bytes = 0;
  for (const schema of schemas) {
    bytes += (await compile(structuredClone(schema), "ToolArguments", { bannerComment: "", format: false, additionalProperties: true, unknownAny: true })).length;
    try {
      const validate = ajv.compile(schema);
      bytes += standaloneCode(ajv, validate).length;
      ajv.removeSchema(schema);
    } catch {
      // ajv refuses the schema (the corpus has one: OpenAPI `nullable` without `type`).
    }
  }
  return bytes;
}

if (isMainThread) {
  const [file, threadsText = "2"] = process.argv.slice(2);
  const { tools } = JSON.parse(readFileSync(file, "utf8"));
  const distinct = [...new Set(tools.map((tool) => JSON.stringify(tool.inputSchema)))].map((text) => JSON.parse(text));
  const threads = Math.max(1, Number(threadsText));
  const half = threads === 1 ? distinct.length : Math.ceil(distinct.length / 2);
  const workerShare = distinct.slice(half);
  const worker =
    workerShare.length > 0
      ? new Promise((resolve, reject) => {
          const thread = new Worker(new URL(import.meta.url), { workerData: workerShare });
          thread.once("message", resolve);
          thread.once("error", reject);
        })
      : Promise.resolve(0);
  const bytes = (await generate(distinct.slice(0, half))) + (await worker);
  console.log(JSON.stringify({ tools: tools.length, schemas: distinct.length, threads, bytes }));
} else {
  parentPort.postMessage(await generate(workerData));
}
