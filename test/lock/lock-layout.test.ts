// The lock read block by block and written with unchanged blocks copied: exactly what decoding the
// whole text, JSON.parse and renderLock give, for any lock (non-ASCII text, integer-like keys and
// tool names, `__proto__`), and nothing for a text laid out any other way.
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

describe("readLockLayout", () => {
  it("property: reads a rendered lock as decoding and JSON.parse read it whole, tools in the same order", () => {
    fc.assert(
      fc.property(lockArbitrary, (lock) => {
        const bytes = bytesOf(lock);
        const layout = readLockLayout(bytes);
        const whole = JSON.parse(bytes.toString("utf8")) as LockFile;
        expect(layout).toBeDefined();
        expect(layout!.lock).toEqual(whole);
        expect(Object.keys(layout!.lock.tools)).toEqual(Object.keys(whole.tools));
        expect(Object.keys(layout!.lock)).toEqual(Object.keys(whole));
        expect(layout!.integerKeys).toBe(INTEGER_KEY.test(bytes.toString("utf8")));
        // The blocks are the bytes of the tools' member, in order.
        const blocks = [...layout!.blocks.values()].map((block) => Buffer.from(block).toString("utf8"));
        for (const block of blocks) {
          const [name] = Object.keys(JSON.parse(`{${block}}`) as object);
          expect(Buffer.from(layout!.blocks.get(layout!.lock.tools[name!]!)!).toString("utf8")).toBe(block);
        }
        const member = blocks.length === 0 ? "{}" : `{\n${blocks.join(",\n")}\n  }`;
        expect(bytes.toString("utf8")).toContain(`\n  "tools": ${member}\n`);
      }),
      { numRuns: 200 },
    );
  });

  it("reads nothing from a text laid out otherwise", () => {
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
    expect(readLockLayout(Buffer.from(good))).toBeDefined();
    const variants = {
      bom: `\ufeff${good}`,
      crlf: good.replaceAll("\n", "\r\n"),
      "crlf, one tool": renderLock({ ...lock, tools: { a: lock.tools.a! } }).replaceAll("\n", "\r\n"),
      "tools not an object": good.replace(/"tools": \{[\s\S]*\n {2}\}/, '"tools": []'),
      "no files": good.replace(/"files": \{\},\n/, ""),
      truncated: good.slice(0, -20),
      "not JSON": good.replace('"specRevision"', "specRevision"),
      "a key written another way": good.replace('"b": {', '"\\u0062": {'),
    };
    for (const [name, variant] of Object.entries(variants)) expect(readLockLayout(Buffer.from(variant)), name).toBeUndefined();
  });

  it("property: on any edit of a rendered lock, reads nothing or what JSON.parse reads", () => {
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
    const edit = fc.constantFrom("\n", "\n    ", "},", "{", "}", '"', ",", '\n    },\n    "', '"tools": ', "\r", "é", " ");
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(12), fc.array(edit, { maxLength: 3 }), (at, cut, inserted) => {
        const variant = base.slice(0, at) + inserted.join("") + base.slice(Math.min(base.length, at + cut));
        const layout = readLockLayout(Buffer.from(variant));
        let whole: unknown;
        try {
          whole = JSON.parse(variant);
        } catch {
          expect(layout).toBeUndefined();
          return;
        }
        if (layout) expect(layout.lock).toEqual(whole);
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
        const layout = readLockLayout(bytesOf(before))!;
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
        const order = inOrder && !layout.integerKeys ? new Set<object>(Object.values(layout.lock.tools).map((entry) => entry.descriptor)) : undefined;
        expect(renderLockBytes(next, order, layout).toString("utf8")).toBe(renderLock(next, order));
        expect(renderLockBytes(next, order).toString("utf8")).toBe(renderLock(next, order));
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
    const layout = readLockLayout(bytes)!;
    // Marks both blocks read: only a copied block keeps its mark.
    for (const block of layout.blocks.values()) Buffer.from(block.buffer, block.byteOffset, block.byteLength).write("#", block.byteLength - 1 - "}".length);
    const a = layout.lock.tools.a!;
    const b = layout.lock.tools.b!;
    const next = { ...layout.lock, tools: { a: { ...a }, b: { ...b, sha256: "3".repeat(64) } } } as LockFile;
    const written = renderLockBytes(next, undefined, layout).toString("utf8");
    expect(written).toContain(`"sha256": "${"0".repeat(64)}"\n   #}`);
    expect(written).toContain(`"sha256": "${"3".repeat(64)}"\n    }`);
    // A tool renamed, or an entry with a member more, is rendered too.
    const renamed = { ...layout.lock, tools: { c: { ...a } } } as LockFile;
    expect(renderLockBytes(renamed, undefined, layout).toString("utf8")).toBe(renderLock(renamed));
    const more = { ...layout.lock, tools: { a: { ...a, extra: true } } } as unknown as LockFile;
    expect(renderLockBytes(more, undefined, layout).toString("utf8")).toBe(renderLock(more));
  });
});
