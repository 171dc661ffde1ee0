// lock/lock-shape.ts reads a good lock without compiling the lock schema; wherever it says "this is
// a lock", ajv with the schema must agree, and it must say so for every lock renderLock writes.
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import schema from "../../schemas/mcp-tools.lock.schema.json" with { type: "json" };
import { buildLock } from "../../src/lock/build-lock.js";
import { isLockShape } from "../../src/lock/lock-shape.js";
import { renderLock } from "../../src/lock/render-lock.js";
import { sha256Hex } from "../../src/lock/sha256.js";
import type { JsonValue } from "../../src/model/json.js";

const ajvValidate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
const ajvSays = (value: JsonValue) => ajvValidate(value) === true;

function lockText(): JsonValue {
  const tool = (name: string, file: string, extra: Record<string, JsonValue> = {}) =>
    ({ file, wire: { name, description: `Tool ${name}.`, inputSchema: { type: "object" }, ...extra }, authoring: undefined, mounts: [] }) as never;
  const lock = buildLock({
    tools: [tool("a", "tools/a.json"), tool("__proto__", "tools/p.yaml", { title: "P", "x-other": 1, annotations: { readOnlyHint: true } })],
    files: [{ path: "src/generated/tools.ts", contents: "x" }],
    inputs: new Map([
      ["tools/a.json", sha256Hex("a")],
      ["tools/p.yaml", sha256Hex("p")],
    ]),
    version: "0.1.0",
    server: { name: "s", version: "1.0.0", command: ["node", "server.js"] },
  });
  return JSON.parse(renderLock(lock)) as JsonValue;
}

describe("isLockShape", () => {
  it("accepts what renderLock writes, as the schema does", () => {
    const lock = lockText();
    expect(ajvSays(lock)).toBe(true);
    expect(isLockShape(lock)).toBe(true);
  });

  it("refuses each kind of break the schema refuses", () => {
    const breaks: ((lock: Record<string, any>) => void)[] = [
      (l) => delete l.files,
      (l) => (l.extra = 1),
      (l) => (l.generator.name = "other"),
      (l) => (l.generator.version = ""),
      (l) => (l.specRevision = "2026-7-28"),
      (l) => (l.inputs["../x"] = sha256Hex("x")),
      (l) => (l.files["src/generated/tools.ts"] = "ABC"),
      (l) => (l.tools.a.parts.bogus = sha256Hex("x")),
      (l) => (l.tools.a.parts.title = 1),
      (l) => delete l.tools.a.descriptor.name,
      (l) => (l.tools.a.descriptor.name = 7),
      (l) => (l.tools.a.file = "/abs"),
      (l) => (l.tools.a.sha256 = "0"),
      (l) => (l.tools.a.more = true),
      (l) => (l.tools.a = []),
      (l) => (l.server.extra = "x"),
      (l) => (l.server.name = 1),
      (l) => (l.server.command = []),
      (l) => (l.server.command = ["node", 1]),
      (l) => (l.server.url = ""),
      (l) => (l.server = []),
    ];
    for (const [i, edit] of breaks.entries()) {
      const lock = lockText() as Record<string, any>;
      edit(lock);
      expect(ajvSays(lock), `break ${i}`).toBe(false);
      expect(isLockShape(lock), `break ${i}`).toBe(false);
    }
  });

  it("property: never accepts what the schema refuses, on arbitrary edits", () => {
    const key = fc.oneof(
      fc.constantFrom(
        "tools",
        "inputs",
        "files",
        "generator",
        "name",
        "version",
        "a",
        "__proto__",
        "parts",
        "descriptor",
        "file",
        "sha256",
        "title",
        "other",
        "specRevision",
        "lockfileVersion",
        "server",
        "command",
        "url",
      ),
      fc.string({ maxLength: 3 }),
    );
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>, fc.constantFrom<JsonValue>(sha256Hex("v"), "tools/x.json", "2026-07-28", 1, "mcp-gen", {}));
    fc.assert(
      fc.property(fc.array(fc.record({ path: fc.array(key, { minLength: 1, maxLength: 4 }), value, remove: fc.boolean() }), { maxLength: 3 }), (edits) => {
        const lock = lockText() as Record<string, JsonValue>;
        for (const edit of edits) apply(lock, edit.path, edit.remove ? undefined : edit.value);
        if (isLockShape(lock)) expect(ajvSays(lock), JSON.stringify(edits)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

function apply(root: Record<string, JsonValue>, path: readonly string[], value: JsonValue | undefined): void {
  let node: JsonValue = root;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== "object" || Array.isArray(node) || !Object.hasOwn(node, key)) return;
    node = (node as Record<string, JsonValue>)[key]!;
  }
  if (node === null || typeof node !== "object" || Array.isArray(node)) return;
  const last = path[path.length - 1]!;
  if (value === undefined) delete (node as Record<string, JsonValue>)[last];
  // A copy: fast-check hands the same constant object to every run, and a later edit must not change it.
  else Object.defineProperty(node, last, { value: structuredClone(value), enumerable: true, writable: true, configurable: true });
}
