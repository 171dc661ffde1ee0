// buildLock → renderLock → parseLock: the lock of a real fixture project as a whole file, the
// round trip as a property, and positioned `lock-invalid` diagnostics for every way a lock file
// gets broken (fixtures in test/fixtures/lock/parse/, expected.txt as the text printer shows them).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readProject } from "../../src/cli/read-project.js";
import { buildLock, type BuildLockInput } from "../../src/lock/build-lock.js";
import { hashFileText, sha256Hex } from "../../src/lock/sha256.js";
import { parseLock, parseTrustedLock } from "../../src/lock/parse-lock.js";
import { renderLock } from "../../src/lock/render-lock.js";
import { hashTool } from "../../src/lock/hash-tool.js";
import { defineOwn, type JsonValue } from "../../src/model/json.js";
import { TOOL_PARTS, type LockedTool, type LockFile } from "../../src/model/lock.js";
import type { ResolvedTool } from "../../src/model/source.js";
import { analyzeProject } from "../../src/project/analyze-project.js";
import { formatText } from "../../src/report/format-text.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "lock");

async function weatherLockInput(): Promise<BuildLockInput> {
  const root = join(FIXTURES, "render", "weather");
  const read = await readProject({ root, configPath: undefined });
  if (!read.ok) throw new Error("config failed");
  const analysis = analyzeProject({ ...read.input, rules: [] });
  expect(analysis.diagnostics).toEqual([]);
  return {
    tools: analysis.tools,
    files: [
      { path: "src/generated/tools.ts", contents: "// generated\nexport const tools = [];\n" },
      { path: "src/generated/client.ts", contents: "// generated\r\nexport class Client {}\r\n" },
    ],
    inputs: new Map([...read.sources].map(([path, text]) => [path, hashFileText(text)])),
    version: "0.1.0",
  };
}

describe("buildLock and renderLock", () => {
  it("write the fixture project's lock: sorted keys, one tool per block, trailing newline", async () => {
    const text = renderLock(buildLock(deepFreeze(await weatherLockInput())));
    await expect(text).toMatchFileSnapshot(join(FIXTURES, "render", "weather", "expected.lock.json"));
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("records every input the build read, and each generated file with CRLF read as LF", async () => {
    const lock = buildLock(await weatherLockInput());
    expect(Object.keys(lock.inputs)).toEqual(["mcp-gen.config.yaml", "schemas/location.yaml", "tools/10.json", "tools/9.json", "tools/get_weather.yaml", "tools/ping.json"]);
    expect(lock.files["src/generated/client.ts"]).toBe(sha256Hex("// generated\nexport class Client {}\n"));
    expect(lock.tools.ping!.parts).toEqual({ description: expect.any(String), inputSchema: expect.any(String), other: expect.any(String) });
    expect(lock).toMatchObject({ lockfileVersion: 1, generator: { name: "mcp-gen", version: "0.1.0" }, specRevision: "2026-07-28" });
  });

  it("is the same whatever order tools and files come in", async () => {
    const input = await weatherLockInput();
    const reversed = { ...input, tools: [...input.tools].reverse(), files: [...input.files].reverse(), inputs: new Map([...input.inputs].reverse()) };
    expect(renderLock(buildLock(reversed))).toBe(renderLock(buildLock(input)));
  });

  it("keeps a tool named __proto__ as data", () => {
    const lock = buildLock({ tools: [tool("__proto__"), tool("constructor")], files: [], inputs: new Map(), version: "0.1.0" });
    expect(Object.keys(lock.tools)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(lock.tools)).toBe(Object.prototype);
    expect(parseLock(renderLock(lock), "mcp-tools.lock.json").value).toEqual(lock);
  });

  it("throws on what validation must have stopped (a bug in the caller)", () => {
    const base = { files: [], inputs: new Map<string, string>(), version: "0.1.0" };
    expect(() => buildLock({ ...base, tools: [tool("a"), tool("a")] })).toThrow(/two tools are named "a".*bug in mcp-gen/);
    expect(() => buildLock({ ...base, tools: [{ ...tool("a"), file: "../a.json" }] })).toThrow(/not a normalised project-relative path/);
    expect(() => buildLock({ ...base, tools: [], inputs: new Map([["a.yaml", "ABC"]]) })).toThrow(/not lowercase hex SHA-256/);
    expect(() =>
      buildLock({
        ...base,
        tools: [],
        files: [
          { path: "x.ts", contents: "" },
          { path: "x.ts", contents: "" },
        ],
      }),
    ).toThrow(/share the path/);
  });
});

describe("parseTrustedLock (check's fast path)", () => {
  it("reads what renderLock wrote, as parseLock does", async () => {
    const text = renderLock(buildLock(await weatherLockInput()));
    expect(parseTrustedLock(text)).toEqual(parseLock(text, "mcp-tools.lock.json").value);
  });

  it("refuses what is not a lock, and a lock whose recorded hash is not its descriptor's", async () => {
    const lock = buildLock(await weatherLockInput());
    expect(parseTrustedLock("{")).toBeUndefined();
    expect(parseTrustedLock(JSON.stringify({ ...lock, lockfileVersion: 2 }))).toBeUndefined();
    const edited = { ...lock, tools: { ...lock.tools, ping: { ...lock.tools.ping!, sha256: "0".repeat(64) } } };
    expect(parseTrustedLock(renderLock(edited))).toBeUndefined();
    const forged = { ...lock, tools: { ...lock.tools, ping: { ...lock.tools.ping!, descriptor: { ...(lock.tools.ping!.descriptor as object), description: "forged" } as JsonValue } } };
    expect(parseTrustedLock(renderLock(forged as LockFile))).toBeUndefined();
  });

  it("does not prove the text is what a build writes (parseLock does): a duplicate key passes", async () => {
    const text = renderLock(buildLock(await weatherLockInput()));
    const duplicated = text.replace('"lockfileVersion": 1,', '"lockfileVersion": 1,\n  "lockfileVersion": 1,');
    expect(parseTrustedLock(duplicated)).toBeDefined();
    expect(parseLock(duplicated, "mcp-tools.lock.json").value).toBeUndefined();
  });
});

describe("parseLock", () => {
  it("reads back what renderLock wrote", async () => {
    const lock = buildLock(await weatherLockInput());
    expect(parseLock(renderLock(lock), "mcp-tools.lock.json")).toEqual({ value: lock, diagnostics: [] });
    // The committed fixture too, with a BOM and CRLF line ends as a Windows checkout may have it.
    const committed = readFileSync(join(FIXTURES, "render", "weather", "expected.lock.json"), "utf8");
    expect(parseLock("\ufeff" + committed.replace(/\n/g, "\r\n"), "mcp-tools.lock.json").value).toEqual(lock);
  });

  it("property: renderLock writes sorted members, two-space indent, whatever the key order and keys (integer-like, __proto__)", () => {
    /** The format by its definition: members sorted by UTF-16 code units at every level. */
    const reference = (value: unknown, indent = ""): string => {
      if (value === null || typeof value !== "object") return JSON.stringify(value);
      const inner = indent + "  ";
      if (Array.isArray(value)) return value.length === 0 ? "[]" : `[\n${value.map((item) => inner + reference(item, inner)).join(",\n")}\n${indent}]`;
      const keys = Object.keys(value).sort();
      return keys.length === 0 ? "{}" : `{\n${keys.map((key) => `${inner}${JSON.stringify(key)}: ${reference((value as Record<string, unknown>)[key], inner)}`).join(",\n")}\n${indent}}`;
    };
    const key = fc.oneof(anyKey, fc.constantFrom("__proto__", "0", "10", "9", "a", "B", "4294967295"));
    const tree: fc.Arbitrary<JsonValue> = fc.letrec<{ node: JsonValue }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie("node")), { maxLength: 4 }).map((entries) => {
          const object: Record<string, JsonValue> = {};
          for (const [k, v] of entries) defineOwn(object, k, v);
          return object;
        }),
      ),
    })).node;
    fc.assert(
      fc.property(lockArbitrary, tree, (lock, extra) => {
        const value = { ...lock, extra } as unknown as LockFile;
        expect(renderLock(value)).toBe(reference(value) + "\n");
      }),
      { numRuns: 300 },
    );
  });

  it("property: parseLock(renderLock(x)) deep-equals x", () => {
    fc.assert(
      fc.property(lockArbitrary, (lock) => {
        const parsed = parseLock(renderLock(lock), "mcp-tools.lock.json");
        expect(parsed.diagnostics).toEqual([]);
        expect(parsed.value).toEqual(lock);
        // Rendering is a fixed point: the parsed lock renders to the same bytes.
        expect(renderLock(parsed.value!)).toBe(renderLock(lock));
      }),
      { numRuns: 200 },
    );
  });

  it("property: never throws, and gives a value or a lock-invalid error, on arbitrary edits", () => {
    const base = renderLock(lockOf({ a: tool("a"), b: tool("b") }));
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(40), fc.string({ unit: "binary", maxLength: 8 }), (at, cut, insert) => {
        const text = base.slice(0, at) + insert + base.slice(Math.min(base.length, at + cut));
        const result = parseLock(text, "mcp-tools.lock.json");
        if (result.value === undefined) {
          expect(result.diagnostics.length).toBeGreaterThan(0);
          for (const d of result.diagnostics) expect(d).toMatchObject({ ruleId: "lock-invalid", severity: "error", file: "mcp-tools.lock.json" });
        } else {
          expect(result.diagnostics).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  const cases = join(FIXTURES, "parse");
  const names = readdirSync(cases)
    .filter((f) => f.endsWith(".json"))
    .sort();
  it("reports each broken lock in test/fixtures/lock/parse/ with a position, never a throw", async () => {
    const sources = new Map<string, string>();
    const diagnostics = names.flatMap((name) => {
      const file = `parse/${name}`;
      const text = readFileSync(join(cases, name), "utf8");
      sources.set(file, text);
      const result = parseLock(text, file);
      expect(result.value, name).toBeUndefined();
      expect(result.diagnostics.length, name).toBeGreaterThan(0);
      return result.diagnostics;
    });
    expect(new Set(diagnostics.map((d) => d.ruleId))).toEqual(new Set(["lock-invalid"]));
    await expect(formatText(diagnostics, { sources, color: false })).toMatchFileSnapshot(join(cases, "expected.txt"));
  });
});

function tool(name: string): ResolvedTool {
  return { file: `tools/${name}.json`, wire: { name, inputSchema: { type: "object" } }, authoring: undefined, mounts: [] };
}

function lockOf(tools: Record<string, ResolvedTool>): LockFile {
  return buildLock({ tools: Object.values(tools), files: [{ path: "src/generated/tools.ts", contents: "x" }], inputs: new Map([["tools/a.json", sha256Hex("a")]]), version: "1.2.3" });
}

const sha = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString("hex"));
const segment = fc.string({ unit: "binary", minLength: 1, maxLength: 6 }).filter((s) => !s.includes("/") && s !== "." && s !== ".." && !/[\uD800-\uDFFF]/u.test(s) && !/^[A-Za-z]:/.test(s));
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
const anyKey = fc.string({ unit: "binary", maxLength: 10 }).filter((s) => !/[\uD800-\uDFFF]/u.test(s));
// Descriptors as JSON.parse would give them (no lone surrogates, no -0: JSON text cannot tell them apart).
const jsonValue: fc.Arbitrary<JsonValue> = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as JsonValue);

/** Entries keyed by tool name → locked tools whose hashes are their descriptors' (as parseLock demands). */
function lockedTools(entries: Record<string, { file: string; fields: Record<string, JsonValue> }>): Record<string, LockedTool> {
  const tools: Record<string, LockedTool> = {};
  for (const name of Object.keys(entries)) {
    const { file, fields } = entries[name]!;
    const descriptor: Record<string, JsonValue> = {};
    for (const key of Object.keys(fields)) defineOwn(descriptor, key, fields[key]!);
    defineOwn(descriptor, "name", name);
    Object.defineProperty(tools, name, { value: { file, ...hashTool(descriptor), descriptor }, enumerable: true, writable: true, configurable: true });
  }
  return tools;
}

const lockArbitrary: fc.Arbitrary<LockFile> = fc.record({
  lockfileVersion: fc.constant(1 as const),
  generator: fc.record({ name: fc.constant("mcp-gen" as const), version: fc.string({ minLength: 1, maxLength: 12 }) }),
  specRevision: fc.constantFrom("2026-07-28", "2025-11-25"),
  tools: fc
    .dictionary(
      fc.oneof(anyKey, fc.constantFrom("__proto__", "constructor", "10", "9")),
      fc.record({ file: path, fields: fc.dictionary(fc.oneof(fc.constantFrom(...TOOL_PARTS), anyKey), jsonValue, { maxKeys: 4 }) }),
      { maxKeys: 6 },
    )
    .map((entries) => lockedTools(entries)),
  inputs: fc.dictionary(path, sha, { maxKeys: 5 }),
  files: fc.dictionary(path, sha, { maxKeys: 5 }),
});

function deepFreeze<T>(value: T): T {
  if (value instanceof Map) {
    Object.freeze(value);
  } else if (value !== null && typeof value === "object") {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
