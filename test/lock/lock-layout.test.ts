// The lock's blocks found in its bytes, and the next lock written with unchanged blocks copied:
// exactly renderLock's text, for any lock (non-ASCII text, integer-like keys and tool names,
// `__proto__`), and no blocks for a text laid out any other way.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readLockLayout, renderLockBytes } from "../../src/lock/lock-layout.js";
import { renderLock } from "../../src/lock/render-lock.js";
import { defineOwn, type JsonValue } from "../../src/model/json.js";
import type { LockedTool, LockFile } from "../../src/model/lock.js";

const INTEGER_KEY = /"(?:0|[1-9][0-9]{0,9})":/;

const text = fc.string({ unit: "grapheme", maxLength: 12 });
const key = fc.oneof(text, fc.constantFrom("__proto__", "0", "10", "9", "name", "description", "é"));
const json: fc.Arbitrary<JsonValue> = fc.letrec<{ node: JsonValue }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie("node"), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie("node")), { maxLength: 4 }).map(objectOf),
  ),
})).node;
const hex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString("hex"));
const entry: fc.Arbitrary<LockedTool> = fc
  .record({
    file: text.map((name) => `tools/${name || "x"}.json`),
    sha256: hex,
    parts: fc.dictionary(fc.constantFrom("description", "inputSchema", "title"), hex, { maxKeys: 3 }),
    fields: fc.array(fc.tuple(key, json), { maxLength: 4 }),
  })
  .map(({ file, sha256, parts, fields }) => ({ file, sha256, parts, descriptor: objectOf(fields) }) as unknown as LockedTool);
const toolName = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_.-]{0,8}$/), fc.constantFrom("__proto__", "7", "10", "café", "ツール"));
const lockArbitrary: fc.Arbitrary<LockFile> = fc
  .record({
    version: fc.string({ minLength: 1, maxLength: 6 }),
    tools: fc.array(fc.tuple(toolName, entry), { maxLength: 6 }),
    files: fc.dictionary(
      text.map((name) => `src/generated/${name || "x"}.ts`),
      hex,
      { maxKeys: 3 },
    ),
    inputs: fc.dictionary(
      text.map((name) => `tools/${name || "x"}.json`),
      hex,
      { maxKeys: 3 },
    ),
    server: fc.option(fc.record({ command: text }), { nil: undefined }),
  })
  .map(
    ({ version, tools, files, inputs, server }) =>
      ({
        lockfileVersion: 1,
        generator: { name: "mcp-gen", version },
        specRevision: "2026-07-28",
        tools: objectOf(tools) as unknown as LockFile["tools"],
        inputs,
        files,
        packageJson: {},
        ...(server ? { server } : {}),
      }) as unknown as LockFile,
  );

function objectOf<T>(entries: readonly (readonly [string, T])[]): Record<string, T> {
  const object: Record<string, T> = {};
  for (const [k, v] of entries) defineOwn(object as Record<string, JsonValue>, k, v as JsonValue);
  return object;
}

function bytesOf(lock: LockFile): Buffer {
  return Buffer.from(renderLock(lock), "utf8");
}

/** The layout of `bytes` as the build reads it: parsed whole, then its blocks found. */
function layoutOf(bytes: Buffer) {
  return readLockLayout(bytes, JSON.parse(bytes.toString("utf8")) as LockFile);
}

describe("readLockLayout", () => {
  it("property: finds each tool's block, the bytes of the tools' member in order", () => {
    fc.assert(
      fc.property(lockArbitrary, (lock) => {
        const bytes = bytesOf(lock);
        const layout = layoutOf(bytes);
        expect(layout).toBeDefined();
        expect(layout!.blocks.size).toBe(Object.keys(layout!.lock.tools).length);
        const found = Object.entries(layout!.lock.tools).map(([name, entry]) => {
          const block = layout!.blocks.get(entry)!;
          // Each block is its entry's member, as JSON.parse reads it.
          expect(JSON.parse(`{${Buffer.from(block).toString("utf8")}}`)).toEqual(objectOf([[name, entry]]));
          return block;
        });
        // In the order of the text (integer-like names come first in the object, not in the text).
        const blocks = found.sort((a, b) => a.byteOffset - b.byteOffset).map((block) => Buffer.from(block).toString("utf8"));
        const member = blocks.length === 0 ? "{}" : `{\n${blocks.join(",\n")}\n  }`;
        expect(bytes.toString("utf8")).toContain(`\n  "tools": ${member}\n`);
      }),
      { numRuns: 200 },
    );
  });

  it("finds nothing in a text laid out otherwise", () => {
    const lock = {
      lockfileVersion: 1,
      generator: { name: "mcp-gen", version: "1" },
      specRevision: "2026-07-28",
      tools: { a: { file: "tools/a.json", sha256: "0".repeat(64), parts: {}, descriptor: { name: "a" } }, b: { file: "tools/b.json", sha256: "1".repeat(64), parts: {}, descriptor: { name: "b" } } },
      inputs: {},
      files: {},
      packageJson: {},
    } as unknown as LockFile;
    const good = renderLock(lock);
    expect(layoutOf(Buffer.from(good))).toBeDefined();
    const variants = {
      bom: [`\ufeff${good}`, lock],
      crlf: [good.replaceAll("\n", "\r\n"), lock],
      "crlf, one tool": [renderLock({ ...lock, tools: { a: lock.tools.a! } }).replaceAll("\n", "\r\n"), { ...lock, tools: { a: lock.tools.a! } }],
      "a carriage return inside a block": [good.replace('"file": "tools/b.json",', '"file": "tools/b.json",\r'), lock],
      "tools not an object": [good.replace(/"tools": \{[\s\S]*\n {2}\}/, '"tools": []'), lock],
      "two tools in one block": [good.replace('\n    },\n    "b"', '\n    , "b"'), lock],
      "a name written another way": [good.replace('"b": {', '"\\u0062": {'), lock],
      "a tool the lock does not have": [good, { ...lock, tools: { a: lock.tools.a!, c: lock.tools.b! } }],
      "a tool more in the lock": [good, { ...lock, tools: { ...lock.tools, c: lock.tools.b! } }],
      "no tools in the lock": [good, { ...lock, tools: {} }],
    } as const;
    for (const [name, [text, value]] of Object.entries(variants)) expect(readLockLayout(Buffer.from(text), value as LockFile), name).toBeUndefined();
  });

  it("property: on any edit of a rendered lock, finds nothing or blocks that hold their tools' entries", () => {
    const base = renderLock({
      lockfileVersion: 1,
      generator: { name: "mcp-gen", version: "1" },
      specRevision: "2026-07-28",
      tools: {
        a: { descriptor: { name: "a", n: [1, { "0": "é" }] }, file: "tools/a.json", parts: {}, sha256: "0".repeat(64) },
        b: { descriptor: { name: "b" }, file: "tools/b.json", parts: {}, sha256: "1".repeat(64) },
      },
      inputs: { "tools/a.json": "2".repeat(64) },
      files: {},
      packageJson: {},
    } as unknown as LockFile);
    const edit = fc.constantFrom("\n", "\n    ", "},", "{", "}", '"', ",", '\n    },\n    "', '"tools": ', "\r", "é", " ", '"a": {');
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(12), fc.array(edit, { maxLength: 3 }), (at, cut, inserted) => {
        const variant = Buffer.from(base.slice(0, at) + inserted.join("") + base.slice(Math.min(base.length, at + cut)));
        let lock: LockFile;
        try {
          lock = JSON.parse(variant.toString("utf8")) as LockFile;
        } catch {
          return;
        }
        if (lock === null || typeof lock !== "object" || lock.tools === null || typeof lock.tools !== "object") return;
        const layout = readLockLayout(variant, lock);
        if (!layout) return;
        for (const [name, entry] of Object.entries(lock.tools)) expect(JSON.parse(`{${Buffer.from(layout.blocks.get(entry)!).toString("utf8")}}`)).toEqual(objectOf([[name, entry]]));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("renderLockBytes", () => {
  /** The next lock of a build: some tools kept (entries made anew around the descriptors read back), some changed, some gone, some new. */
  const nextLock = fc.tuple(lockArbitrary, lockArbitrary, fc.array(fc.constantFrom("keep", "rehash", "redescribe", "drop"), { minLength: 6, maxLength: 6 }));

  it("property: gives renderLock's bytes, whatever changed since the lock it read", () => {
    fc.assert(
      fc.property(nextLock, fc.boolean(), ([before, other, fates], inOrder) => {
        const layout = layoutOf(bytesOf(before))!;
        const tools: Record<string, LockedTool> = {};
        Object.entries(layout.lock.tools).forEach(([name, read], i) => {
          const fate = fates[i % fates.length];
          if (fate === "drop") return;
          const next = {
            file: read.file,
            sha256: fate === "rehash" ? "f".repeat(64) : read.sha256,
            parts: { ...read.parts },
            descriptor: fate === "redescribe" ? { ...read.descriptor, added: "é" } : read.descriptor,
          };
          defineOwn(tools as unknown as Record<string, JsonValue>, name, next as unknown as JsonValue);
        });
        for (const [name, value] of Object.entries(other.tools)) if (!Object.hasOwn(tools, name)) defineOwn(tools as unknown as Record<string, JsonValue>, name, value as unknown as JsonValue);
        const next = { ...other, tools } as LockFile;
        // The build passes the descriptors read back as already in order when no key is integer-like.
        const order = inOrder && !INTEGER_KEY.test(renderLock(before)) ? new Set<object>(Object.values(layout.lock.tools).map((entry) => entry.descriptor)) : undefined;
        expect(Buffer.concat(renderLockBytes(next, order, layout)).toString("utf8")).toBe(renderLock(next, order));
        expect(Buffer.concat(renderLockBytes(next, order)).toString("utf8")).toBe(renderLock(next, order));
      }),
      { numRuns: 300 },
    );
  });

  it("copies the block of a tool whose entry did not change, and renders the one that did", () => {
    const descriptor = (name: string, description: string) => ({ description, name });
    const lock = {
      lockfileVersion: 1,
      generator: { name: "mcp-gen", version: "1" },
      specRevision: "2026-07-28",
      tools: {
        a: { descriptor: descriptor("a", "Ä"), file: "tools/a.json", parts: { description: "2".repeat(64) }, sha256: "0".repeat(64) },
        b: { descriptor: descriptor("b", "B"), file: "tools/b.json", parts: {}, sha256: "1".repeat(64) },
      },
      inputs: {},
      files: {},
      packageJson: {},
    } as unknown as LockFile;
    const bytes = bytesOf(lock);
    const layout = layoutOf(bytes)!;
    // Marks both blocks read: only a copied block keeps its mark.
    for (const block of layout.blocks.values()) Buffer.from(block.buffer, block.byteOffset, block.byteLength).write("#", block.byteLength - 1 - "}".length);
    const a = layout.lock.tools.a!;
    const b = layout.lock.tools.b!;
    const next = { ...layout.lock, tools: { a: { ...a }, b: { ...b, sha256: "3".repeat(64) } } } as LockFile;
    const written = Buffer.concat(renderLockBytes(next, undefined, layout)).toString("utf8");
    expect(written).toContain(`"sha256": "${"0".repeat(64)}"\n   #}`);
    expect(written).toContain(`"sha256": "${"3".repeat(64)}"\n    }`);
    // A tool renamed, or an entry with a member more, is rendered too.
    const renamed = { ...layout.lock, tools: { c: { ...a } } } as LockFile;
    expect(Buffer.concat(renderLockBytes(renamed, undefined, layout)).toString("utf8")).toBe(renderLock(renamed));
    const more = { ...layout.lock, tools: { a: { ...a, extra: true } } } as unknown as LockFile;
    expect(Buffer.concat(renderLockBytes(more, undefined, layout)).toString("utf8")).toBe(renderLock(more));
    // A last entry without parts (no lock mcp-gen writes, but a layout is only as good as its lock) is rendered, not copied, and throws nothing.
    const partless = { ...a, parts: undefined } as unknown as LockedTool;
    const layoutWithout = { lock: { ...layout.lock, tools: { a: partless } } as LockFile, blocks: new Map([[partless, layout.blocks.get(a)!]]) };
    expect(Buffer.concat(renderLockBytes(next, undefined, layoutWithout)).toString("utf8")).toBe(renderLock(next));
  });
});
