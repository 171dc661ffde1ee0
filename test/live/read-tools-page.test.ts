// readToolsPage and ToolsCollector: tool objects kept exactly as sent, and every way a tools/list
// answer can be unusable named in one sentence.
import { describe, expect, it } from "vitest";
import { readToolsPage, ToolsCollector } from "../../src/live/read-tools-page.js";
import type { JsonValue } from "../../src/model/json.js";

const echo = { name: "echo", inputSchema: { type: "object" }, "x-unknown": [1, { deep: true }] };

describe("readToolsPage", () => {
  it("keeps each tool object as it is, unknown fields and all", () => {
    const result = readToolsPage({ tools: [echo], nextCursor: "n" }, 1, 256);
    expect(result).toEqual({ ok: true, value: { tools: [echo], nextCursor: "n" } });
    if (result.ok) expect(result.value.tools[0]).toBe(echo);
  });

  it("reads an absent or null nextCursor as the last page, and keeps an empty one, which the SDK follows", () => {
    expect(readToolsPage({ tools: [], nextCursor: "" }, 1, 256)).toEqual({ ok: true, value: { tools: [], nextCursor: "" } });
    for (const nextCursor of [undefined, null]) {
      expect(readToolsPage({ tools: [], ...(nextCursor === undefined ? {} : { nextCursor }) }, 1, 256)).toEqual({ ok: true, value: { tools: [], nextCursor: undefined } });
    }
  });

  it.each<[string, JsonValue | undefined, string, string]>([
    ["no result", undefined, "bad-response", "Page 2 of tools/list has no result object."],
    ["a result that is an array", [], "bad-response", "Page 2 of tools/list has no result object."],
    ["no tools member", { items: [] }, "bad-response", 'Page 2 of tools/list has no "tools" member.'],
    ["tools that is an object", { tools: {} }, "bad-response", 'Page 2 of tools/list has a non-array "tools" member.'],
    ["a tool that is a string", { tools: [echo, "add"] }, "bad-tool", 'Tool 1 on page 2 of tools/list is the string "add", not an object.'],
    ["a tool that is null", { tools: [null] }, "bad-tool", "Tool 0 on page 2 of tools/list is null, not an object."],
    ["a tool without a name", { tools: [{ inputSchema: {} }] }, "bad-tool", "Tool 0 on page 2 of tools/list has no name."],
    ["a tool with a numeric name", { tools: [{ name: 5 }] }, "bad-tool", "Tool 0 on page 2 of tools/list has the name the number 5, not a string."],
    ["a numeric cursor", { tools: [], nextCursor: 2 }, "bad-response", "Page 2 of tools/list has a nextCursor that is the number 2, not a string."],
  ])("refuses %s", (_, result, kind, message) => {
    expect(readToolsPage(result, 2, 256)).toEqual({ ok: false, problem: { kind, message } });
  });
});

describe("readToolsPage on deep tools", () => {
  /** A tool whose _meta nests `depth` objects, built without recursion. */
  function deepTool(depth: number): JsonValue {
    let meta: JsonValue = {};
    for (let i = 1; i < depth; i++) meta = { a: meta };
    return { name: "deep", inputSchema: { type: "object" }, _meta: meta as { readonly [key: string]: JsonValue } };
  }

  it("takes a tool exactly as deep as load.maxDepth, and refuses one level more", () => {
    // The tool object is level 1 and its _meta level 2, as the loader counts a descriptor file.
    expect(readToolsPage({ tools: [deepTool(9)] }, 1, 10).ok).toBe(true);
    expect(readToolsPage({ tools: [deepTool(10)] }, 1, 10)).toEqual({
      ok: false,
      problem: {
        kind: "bad-tool",
        message: 'The tool "deep" on page 1 of tools/list nests objects and arrays more than 10 levels deep, deeper than mcp-gen reads a tool (load.maxDepth, at most 1000).',
      },
    });
  });

  it("measures a 100,000-deep _meta without overflowing the stack", () => {
    expect(readToolsPage({ tools: [deepTool(100_000)] }, 1, 256)).toMatchObject({ ok: false, problem: { kind: "bad-tool" } });
  });
});

describe("ToolsCollector", () => {
  it("collects pages in order and ends on the page without a cursor", () => {
    const collector = new ToolsCollector(10);
    expect(collector.add({ tools: [echo], nextCursor: "p2" })).toEqual({ ok: true, value: "p2" });
    expect(collector.add({ tools: [{ name: "add" }], nextCursor: undefined })).toEqual({ ok: true, value: undefined });
    expect(collector.tools.map((t) => t.name)).toEqual(["echo", "add"]);
    expect(collector.pages).toBe(2);
  });

  it("refuses a name listed twice, naming both places", () => {
    const collector = new ToolsCollector(10);
    collector.add({ tools: [echo], nextCursor: "p2" });
    expect(collector.add({ tools: [{ name: "add" }, echo], nextCursor: undefined })).toEqual({
      ok: false,
      problem: { kind: "duplicate-name", message: 'The server listed the tool "echo" twice (page 1, item 0 and page 2, item 1); tool names must be unique.' },
    });
  });

  it("ends where SDK v2's Client does: at a page repeating the one before under the cursor it was asked with", () => {
    const repeated = new ToolsCollector(10);
    expect(repeated.add({ tools: [echo], nextCursor: "p2" })).toEqual({ ok: true, value: "p2" });
    // Page 2 names its own cursor again with other tools: asked again, as the SDK asks.
    expect(repeated.add({ tools: [{ name: "add" }], nextCursor: "p2" })).toEqual({ ok: true, value: "p2" });
    expect(repeated.add({ tools: [{ name: "add" }], nextCursor: "p2" })).toEqual({ ok: true, value: undefined });
    expect(repeated.tools.map((t) => t.name)).toEqual(["echo", "add"]);
    expect(repeated.pages).toBe(2);
    // The same tools under another cursor, or under the first page's own (no cursor asked), are pages of the list.
    const first = new ToolsCollector(10);
    expect(first.add({ tools: [], nextCursor: "" })).toEqual({ ok: true, value: "" });
    expect(first.add({ tools: [], nextCursor: "x" })).toEqual({ ok: true, value: "x" });
    expect(first.add({ tools: [], nextCursor: "x" })).toEqual({ ok: true, value: undefined });
  });

  it("refuses cursors that come round again and a list longer than the page limit", () => {
    const looping = new ToolsCollector(10);
    looping.add({ tools: [], nextCursor: "a" });
    looping.add({ tools: [{ name: "b" }], nextCursor: "b" });
    expect(looping.add({ tools: [{ name: "c" }], nextCursor: "a" })).toEqual({
      ok: false,
      problem: { kind: "cursor-loop", message: 'The server sent the nextCursor "a" on page 1 and again on page 3, after other pages; its tools/list would go round forever.' },
    });
    const changing = new ToolsCollector(3);
    expect(changing.add({ tools: [], nextCursor: "same" }).ok).toBe(true);
    expect(changing.add({ tools: [{ name: "b" }], nextCursor: "same" }).ok).toBe(true);
    expect(changing.add({ tools: [{ name: "c" }], nextCursor: "same" })).toMatchObject({ ok: false, problem: { kind: "too-many-pages" } });
    const endless = new ToolsCollector(3);
    expect(endless.add({ tools: [], nextCursor: "1" }).ok).toBe(true);
    expect(endless.add({ tools: [], nextCursor: "2" }).ok).toBe(true);
    expect(endless.add({ tools: [], nextCursor: "3" })).toEqual({ ok: false, problem: { kind: "too-many-pages", message: "The server's tools/list did not end within 3 pages." } });
  });
});
