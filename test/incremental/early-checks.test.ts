// A first build's worker reads the JSON descriptors itself and checks their schemas before the main
// thread sends any (src/incremental/early-checks.ts). What it reads must give the key precompile
// gives the same schema after resolving, must leave out what the main thread would refuse or treat
// with care, and an early answer must stand for a request only where checkItem would answer the
// same.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkKey, earlyItemsOf, type EarlyChecksRequest } from "../../src/incremental/early-checks.js";
import { earlyAnswerFor, type CheckAnswer, type CheckItem, type EarlyAnswer } from "../../src/incremental/build-worker.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { resolveTool } from "../../src/resolve/resolve-tool.js";
import { loadDocument } from "../../src/load/load-document.js";
import { toolSchemas } from "../../src/validate/walk.js";
import type { ProjectFile } from "../../src/resolve/project-file.js";
import type { PatternPlan } from "../../src/compile/linear-pattern/pattern-plan.js";

const root = mkdtempSync(join(tmpdir(), "mcp-gen-early-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function request(overrides: Partial<EarlyChecksRequest> = {}): EarlyChecksRequest {
  return { kind: "early", root, paths: [], limits: DEFAULT_LOAD_LIMITS, samples: true, done: new Int32Array(new SharedArrayBuffer(4)), ...overrides };
}

function write(path: string, text: string | Buffer): string {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
  return path;
}

const INPUT = { type: "object", properties: { q: { type: "string", minLength: 1 }, n: { $ref: "#/$defs/n" } }, $defs: { n: { type: "integer" } }, required: ["q"] };
const OUTPUT = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { ok: { type: "boolean" } } };

describe("earlyItemsOf", () => {
  it("finds a JSON descriptor's inputSchema and outputSchema under the key precompile gives them after resolving", () => {
    const tool = { name: "t", description: "T.", inputSchema: INPUT, outputSchema: OUTPUT, "x-mcp-gen": { examples: [] } };
    const path = write("tools/t.json", JSON.stringify(tool, null, 2));
    const items = earlyItemsOf(request(), path);
    // What the main thread keys: the resolved tool's schemas, JSON text and dialect (build-threads.ts precompile).
    const doc = loadDocument({ path, text: JSON.stringify(tool, null, 2) }).value!;
    const files = new Map<string, ProjectFile>([[path, { status: "ok", doc }]]);
    const resolved = resolveTool(doc, files).value!;
    const keys = toolSchemas(resolved).map((schema) => checkKey(schema.dialect!, JSON.stringify(schema.schema)));
    expect(items.map((item) => item.key)).toEqual(keys);
    expect(items.map((item) => [item.dialect, item.samples])).toEqual([
      ["2020-12", true],
      ["draft-07", false],
    ]);
    expect(earlyItemsOf(request({ samples: false }), path).map((item) => item.samples)).toEqual([false, false]);
  });

  it("reads nothing the main thread would refuse or read with more care", () => {
    const tool = JSON.stringify({ name: "t", description: "T.", inputSchema: INPUT });
    const cases: [string, string][] = [
      ["YAML", write("tools/y.yaml", "name: y\ndescription: Y.\ninputSchema:\n  type: object\n")],
      ["too large", write("tools/large.json", tool)],
      ["too deep", write("tools/deep.json", JSON.stringify({ name: "d", inputSchema: { type: "object", default: JSON.parse(`${"[".repeat(300)}${"]".repeat(300)}`) } }))],
      ["not UTF-8", write("tools/latin1.json", Buffer.from(`{"name":"l","description":"caf\xe9","inputSchema":{"type":"object"}}`, "latin1"))],
      ["not JSON", write("tools/broken.json", '{"name": "b", "inputSchema": {')],
      ["a key written twice", write("tools/twice.json", '{"name": "k", "inputSchema": {"type": "object", "type": "string"}}')],
      ["more nodes than the limit", write("tools/nodes.json", JSON.stringify({ name: "n", inputSchema: { type: "object", enum: Array.from({ length: 20 }, (_, i) => i) } }))],
      ["not an object", write("tools/array.json", "[1, 2]")],
      ["a dialect mcp-gen does not support", write("tools/dialect.json", JSON.stringify({ name: "s", inputSchema: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" } }))],
      ["missing", "tools/absent.json"],
    ];
    mkdirSync(join(root, "tools", "folder.json"));
    cases.push(["a folder", "tools/folder.json"]);
    execFileSync("mkfifo", [join(root, "tools", "pipe.json")]);
    cases.push(["a named pipe (opened without waiting)", "tools/pipe.json"]);
    const limits = { ...DEFAULT_LOAD_LIMITS, maxFileBytes: tool.length - 1 };
    for (const [what, path] of cases) {
      const items = earlyItemsOf(request(what === "too large" ? { limits } : what === "more nodes than the limit" ? { limits: { ...DEFAULT_LOAD_LIMITS, maxNodes: 20 } } : {}), path);
      expect(items, what).toEqual([]);
    }
  });

  it("leaves links and files in linked folders to the main thread, which refuses one that leaves the root", () => {
    const path = write("elsewhere/real.json", JSON.stringify({ name: "r", inputSchema: { type: "object" } }));
    expect(earlyItemsOf(request(), path).map((item) => item.text)).toEqual(['{"type":"object"}']);
    symlinkSync(join(root, path), join(root, "tools", "link.json"));
    symlinkSync(join(root, "elsewhere"), join(root, "linked"));
    expect(earlyItemsOf(request(), "tools/link.json")).toEqual([]);
    expect(earlyItemsOf(request(), "linked/real.json")).toEqual([]);
  });
});

describe("earlyAnswerFor", () => {
  const answer: CheckAnswer = { check: { metaProblems: [], compileError: undefined }, compiled: undefined, samples: { valid: [], invalid: [] } as unknown as CheckAnswer["samples"] };
  const early = (samples: boolean): EarlyAnswer => ({ key: checkKey("2020-12", "{}"), samples, answer: samples ? answer : { ...answer, samples: undefined } });
  const item = (over: Partial<CheckItem> = {}): CheckItem => ({ text: "{}", dialect: "2020-12", samples: true, ...over });

  it("stands for a request with the same key, its samples left out when not asked for", () => {
    expect(earlyAnswerFor(early(true), item())).toBe(answer);
    expect(earlyAnswerFor(early(true), item({ samples: false }))).toEqual({ ...answer, samples: undefined });
    expect(earlyAnswerFor(early(false), item({ samples: false }))).toEqual({ ...answer, samples: undefined });
  });

  it("does not stand for a request that needs what it was not worked out with", () => {
    expect(earlyAnswerFor(undefined, item())).toBeUndefined();
    // Samples asked for, none worked out.
    expect(earlyAnswerFor(early(false), item())).toBeUndefined();
    // A build whose patterns run by the ReDoS checker's verdicts compiles with them.
    expect(earlyAnswerFor(early(true), item({ patterns: { verdicts: new Map(), leaveOutUncertified: true } as unknown as PatternPlan }))).toBeUndefined();
  });
});
