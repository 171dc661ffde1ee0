// readSavedAnswer: a saved tools/list answer in each form import --file and verify --file accept
// (a result, a JSON-RPC response, a bare array of tools, pages as a JSON array or JSON Lines, a
// stdio transcript), read to the same tools; and every way a file can fail to be one, reported with
// the file, line and column.
import { describe, expect, it } from "vitest";
import { readSavedAnswer } from "../../src/live/read-saved-answer.js";
import { hashTool } from "../../src/lock/hash-tool.js";

const echo = { name: "echo", description: "Echoes.", inputSchema: { type: "object", properties: { text: { type: "string" } } } };
const add = { name: "add", inputSchema: { type: "object" }, "x-vendor": { rank: 1 } };
const OPTIONS = { maxDepth: 256, maxPages: 100 };

function read(text: string, options = OPTIONS) {
  return readSavedAnswer("saved.json", Buffer.from(text, "utf8"), options);
}

function tools(text: string) {
  const result = read(text);
  expect(result.diagnostics).toEqual([]);
  return result.value!;
}

/** Where each diagnostic points, and its rule. */
function where(text: string, options = OPTIONS): string[] {
  const result = read(text, options);
  expect(result.value).toBeUndefined();
  return result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`);
}

const response = (id: number, result: unknown) => JSON.stringify({ jsonrpc: "2.0", id, result });

describe("readSavedAnswer reads every form to the same tools", () => {
  const expected = [echo, add];

  it.each([
    ["a result", JSON.stringify({ tools: [echo, add] }, null, 2)],
    ["a JSON-RPC response", response(1, { tools: [echo, add] })],
    ["a bare array of tools", JSON.stringify([echo, add])],
    ["pages as a JSON array of results", JSON.stringify([{ tools: [echo], nextCursor: "2" }, { tools: [add] }], null, 2)],
    ["pages as a JSON array of responses", JSON.stringify([JSON.parse(response(1, { tools: [echo], nextCursor: "2" })), JSON.parse(response(2, { tools: [add] }))])],
    ["pages as JSON Lines (CRLF, a blank line)", `${response(1, { tools: [echo], nextCursor: "2" })}\r\n\r\n${response(2, { tools: [add] })}\r\n`],
    // As SDK v2's Client walks: an empty nextCursor is followed; a page repeating the one before under its own cursor ends the list.
    ["pages with an empty nextCursor", JSON.stringify([{ tools: [echo], nextCursor: "" }, { tools: [add] }])],
    [
      "a last page repeated under its own cursor",
      JSON.stringify([
        { tools: [echo], nextCursor: "2" },
        { tools: [add], nextCursor: "2" },
        { tools: [add], nextCursor: "2" },
      ]),
    ],
    ["a UTF-8 BOM", `\uFEFF${JSON.stringify({ tools: [echo, add] })}`],
  ])("%s", (_, text) => {
    const answer = tools(text);
    expect(answer.tools).toEqual(expected);
    expect(answer.tools.map((tool) => hashTool(tool).sha256)).toEqual(expected.map((tool) => hashTool(tool).sha256));
  });

  it("a stdio transcript: requests, notifications and other answers skipped; initialize names the server", () => {
    const transcript = [
      JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25" } }),
      response(0, { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "fake", version: "1.0.0" } }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/list" }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }),
      response(2, { tools: [echo], nextCursor: "c" }),
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { cursor: "c" } }),
      response(3, { tools: [add] }),
    ].join("\n");
    expect(tools(transcript)).toEqual({ tools: expected, pages: 2, server: { name: "fake", version: "1.0.0", era: "legacy" } });
  });

  it("keeps a tool exactly as written: __proto__ as a member, lone surrogates, big numbers", () => {
    const text = '{"tools":[{"name":"p","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}},"description":"\\ud800 x","x":1e400}]}'.replace("1e400", "12345678901234567890");
    const answer = tools(text);
    expect(answer.tools).toEqual([JSON.parse(text).tools[0]]);
    expect(Object.hasOwn((answer.tools[0]!.inputSchema as { properties: object }).properties, "__proto__")).toBe(true);
  });

  it("an empty list is no tools", () => {
    expect(tools("[]")).toMatchObject({ tools: [], pages: 1 });
    expect(tools('{"tools":[]}')).toMatchObject({ tools: [], pages: 1 });
  });
});

describe("readSavedAnswer refuses what is not a tools/list answer, at its line and column", () => {
  it("JSON syntax and duplicate keys (JSON readers disagree on which one wins)", () => {
    expect(where('{ "tools": [\n  { "name": "a", }\n] }')).toEqual(["saved.json:2:18 json-syntax saved.json is not valid JSON: trailing commas are not allowed."]);
    expect(where('{ "tools": [\n  { "name": "a", "description": "x", "description": "y" }\n] }')).toEqual([expect.stringMatching(/^saved\.json:2:38 json-duplicate-key /)]);
    expect(where(" \n")).toEqual(["saved.json:1:1 saved-answer-invalid saved.json is empty."]);
  });

  it("a bad line of JSON Lines, at its line", () => {
    expect(where(`${response(1, { tools: [echo], nextCursor: "2" })}\n${response(2, { tools: [add] })}\n{"jsonrpc":"2.0",`)).toEqual([expect.stringMatching(/^saved\.json:3:\d+ json-syntax /)]);
  });

  it.each([
    [
      "a JSON-RPC error",
      JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "database down" } }),
      "saved.json:1:33 saved-answer-invalid The server answered tools/list with JSON-RPC error -32603: database down.",
    ],
    ["a tool that is a string", JSON.stringify({ tools: [echo, "add"] }, null, 2), 'saved.json:15:5 saved-answer-invalid Tool 1 on page 1 of tools/list is the string "add", not an object.'],
    ["a tool without a name", JSON.stringify([echo, { inputSchema: {} }]), "saved.json:1:114 saved-answer-invalid Tool 1 on page 1 of tools/list has no name."],
    [
      "an object that is neither",
      JSON.stringify({ result: 1, hello: "x" }),
      'saved.json:1:1 saved-answer-invalid This object is neither a tools/list result (it has no "tools") nor a JSON-RPC response (it has no "result").',
    ],
    [
      "only an initialize answer",
      response(0, { protocolVersion: "2025-11-25", serverInfo: { name: "x", version: "1" } }),
      "saved.json:1:1 saved-answer-invalid saved.json holds no tools/list answer.",
    ],
    ["a number", "42", "saved.json:1:1 saved-answer-invalid This is a number, not a tools/list result or a JSON-RPC message."],
    [
      "a last page with a nextCursor",
      JSON.stringify([
        { tools: [echo], nextCursor: "2" },
        { tools: [add], nextCursor: "3" },
      ]),
      "saved.json:1:236 saved-answer-invalid Page 2 has a nextCursor, so the server has more tools, but the file ends there: the list is incomplete.",
    ],
    [
      "a page after the end",
      `${JSON.stringify({ tools: [echo] })}\n${JSON.stringify({ tools: [add] })}`,
      "saved.json:2:1 saved-answer-invalid Page 1 has no nextCursor, so it ended the list, yet another page follows it.",
    ],
    [
      "a page after a repeated last page",
      JSON.stringify([{ tools: [echo], nextCursor: "2" }, { tools: [add], nextCursor: "2" }, { tools: [add], nextCursor: "2" }, { tools: [] }]),
      "saved.json:1:339 saved-answer-invalid Page 3 repeats page 2 under the cursor it was asked with, which ends the list (as in the SDK's Client), yet another page follows it.",
    ],
    [
      "a last page with an empty nextCursor",
      JSON.stringify([
        { tools: [echo], nextCursor: "2" },
        { tools: [add], nextCursor: "" },
      ]),
      "saved.json:1:236 saved-answer-invalid Page 2 has a nextCursor, so the server has more tools, but the file ends there: the list is incomplete.",
    ],
    [
      "a tool twice",
      `${JSON.stringify({ tools: [echo], nextCursor: "2" })}\n${JSON.stringify({ tools: [add, echo] })}`,
      'saved.json:2:80 saved-answer-invalid The answer listed the tool "echo" twice (page 1, item 0 and page 2, item 1); tool names must be unique.',
    ],
  ])("%s", (_, text, expected) => {
    expect(where(text)).toEqual([expected]);
  });

  it("more pages than --max-pages", () => {
    const pages = [1, 2, 3].map((i) => ({ tools: [{ name: `t${i}`, inputSchema: {} }], ...(i < 3 ? { nextCursor: `c${i}` } : {}) }));
    expect(where(JSON.stringify(pages), { ...OPTIONS, maxPages: 2 })).toEqual([
      expect.stringMatching(/^saved\.json:1:\d+ saved-answer-invalid The answer's tools\/list did not end within 2 pages\.$/),
    ]);
  });

  it("a tool nested deeper than a live tool may be", () => {
    const deep = `{"tools":[{"name":"d","inputSchema":{},"_meta":${'{"a":'.repeat(20)}{}${"}".repeat(20)}}]}`;
    expect(where(deep, { ...OPTIONS, maxDepth: 10 })).toEqual([
      expect.stringMatching(/^saved\.json:1:11 saved-answer-invalid The tool "d" on page 1 of tools\/list nests objects and arrays more than 10 levels deep/),
    ]);
  });

  it("not UTF-8", () => {
    const result = readSavedAnswer("saved.json", Buffer.from([0x7b, 0xff, 0x7d]), OPTIONS);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(["load-encoding"]);
  });
});
