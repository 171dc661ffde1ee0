// The body of tools/call that every generated server runs (runtime/tool-call.ts), with validators ajv
// compiles as mcp-gen's precompiled ones are compiled: what JSON cannot hold never reaches a handler
// (`1e999` parses to Infinity, which ajv's integer and number checks let through), a result is
// validated as the plain JSON that is sent, and no failure of the result or of onError puts an
// exception's message in front of the client: each is a generic tool error with an id.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { logToStderr, refuseArguments, runHandler, type CallSettings, type ErrorReport } from "../../packages/runtime/src/tool-call.js";
import type { ToolEntry } from "../../packages/runtime/src/tool-table.js";
import type { CompiledValidator } from "../../packages/runtime/src/validation-messages.js";

const ajv = new Ajv2020({ allErrors: false, strict: false });
const LIMITS = { maxArgumentDepth: 64, maxStringLength: 1024, callTimeoutMs: 0 };

function entry(outputSchema?: Readonly<Record<string, unknown>>): ToolEntry {
  const inputSchema = { type: "object" as const, properties: { count: { type: "integer", minimum: 1 }, ratio: { type: "number" }, list: { type: "array", items: { type: "number" } } } };
  return {
    name: "make_list",
    descriptor: { name: "make_list", inputSchema, ...(outputSchema ? { outputSchema } : {}) },
    validateInput: ajv.compile(inputSchema) as CompiledValidator,
    validateOutput: outputSchema ? (ajv.compile(outputSchema) as CompiledValidator) : undefined,
    headers: [],
    inputRequests: {},
  };
}

function settings(onError: (report: ErrorReport) => void = () => undefined): CallSettings {
  return { limits: LIMITS, onError, isProtocolError: () => false };
}

const run = (tool: ToolEntry, result: unknown, onError?: (report: ErrorReport) => void) =>
  runHandler(tool, (() => result) as never, {}, () => ({ context: {}, finish: () => undefined }) as never, [], settings(onError));

describe("arguments", () => {
  it.each(['{"count":1e999}', '{"ratio":-1e400}', '{"list":[1,2,1e309]}'])("refuses a number JSON cannot hold (%s), which ajv's type checks let through", (text) => {
    const args: unknown = JSON.parse(text);
    const tool = entry();
    expect(tool.validateInput(args)).toBe(true);
    expect(refuseArguments(tool, args, LIMITS)).toEqual({ content: [{ type: "text", text: "Invalid arguments for tool make_list: a number is too large for JSON to represent" }], isError: true });
  });

  it("names the arguments themselves when they fail at the root", () => {
    expect(refuseArguments(entry(), ["count"], LIMITS)).toEqual({ content: [{ type: "text", text: "Invalid arguments for tool make_list: the arguments: must be object" }], isError: true });
  });

  it("names the alternative a discriminator picks, not the first alternative's field", () => {
    const circle = { type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } }, required: ["kind", "r"] };
    const rect = { type: "object", properties: { kind: { const: "rect" }, w: { type: "number" }, h: { type: "number" } }, required: ["kind", "w", "h"] };
    const inputSchema = { type: "object" as const, properties: { shape: { oneOf: [circle, rect] } }, required: ["shape"] };
    const area: ToolEntry = { ...entry(), name: "area", descriptor: { name: "area", inputSchema }, validateInput: ajv.compile(inputSchema) as CompiledValidator };
    expect(refuseArguments(area, { shape: { kind: "rect", w: 2 } }, LIMITS)).toEqual({
      content: [{ type: "text", text: 'Invalid arguments for tool area: shape.h: is required (the alternative whose kind is "rect")' }],
      isError: true,
    });
  });

  it("lets every finite number through to the validator", () => {
    expect(refuseArguments(entry(), { count: 3, ratio: -1.5e300, list: [0, Number.MAX_VALUE] }, LIMITS)).toBeUndefined();
  });
});

describe("results", () => {
  const TOTAL = { type: "object", properties: { total: { type: "integer" } }, required: ["total"] };

  it("validates the result as the JSON that is sent: Infinity is null there, and breaks an integer", async () => {
    const reports: ErrorReport[] = [];
    const outcome = await run(entry(TOTAL), { total: Number.POSITIVE_INFINITY }, (report) => void reports.push(report));
    expect(outcome).toMatchObject({
      kind: "error",
      code: -32603,
      message: expect.stringMatching(/^Tool make_list produced a result that does not match its outputSchema \(error id [0-9a-f]{8}\)\.$/),
    });
    expect(reports.map((r) => r.kind)).toEqual(["invalid-output"]);
  });

  it("names a result that fails outputSchema at its root the result, not the arguments", async () => {
    const reports: ErrorReport[] = [];
    await run(entry(TOTAL), ["not", "an", "object"], (report) => void reports.push(report));
    expect(reports.map((r) => [r.kind, (r.error as Error).message])).toEqual([["invalid-output", "result does not match outputSchema: the result: must be object"]]);
  });

  it.each([
    [
      "a getter that throws",
      () => ({
        get total(): number {
          throw new Error("connect ECONNREFUSED postgres://svc:s3cret@db.internal:5432");
        },
      }),
    ],
    ["a BigInt", () => ({ total: 1n })],
    [
      "a cycle",
      () => {
        const value: Record<string, unknown> = { total: 1 };
        value.self = value;
        return value;
      },
    ],
  ])("turns a result that cannot be sent (%s) into a generic error with an id, reported to onError", async (_, make) => {
    for (const tool of [entry(TOTAL), entry()]) {
      const reports: ErrorReport[] = [];
      const outcome = await run(tool, make(), (report) => void reports.push(report));
      expect(outcome.kind).toBe("complete");
      const text = JSON.stringify(outcome);
      expect(text).toMatch(/Tool make_list failed unexpectedly \(error id [0-9a-f]{8}\)\./);
      expect(text).not.toMatch(/s3cret|BigInt|circular/i);
      expect(reports.map((r) => r.kind)).toEqual(["handler-exception"]);
    }
  });

  it("sends a getter's value once, as read when the result was made into JSON", async () => {
    let reads = 0;
    const outcome = await run(entry(TOTAL), {
      get total() {
        reads++;
        return reads;
      },
    });
    expect(outcome).toMatchObject({ kind: "complete", result: { structuredContent: { total: 1 }, content: [{ type: "text", text: '{"total":1}' }] } });
  });

  it("keeps the generic error when onError throws, or logs a value whose text cannot be had", async () => {
    const outcome = await run(entry(TOTAL), { total: 1n }, () => {
      throw new Error("the logger's own secret");
    });
    expect(JSON.stringify(outcome)).not.toContain("secret");
    const unprintable = {
      toString: () => {
        throw new Error("nope");
      },
    };
    const original = console.error;
    const lines: string[] = [];
    console.error = (line: string) => void lines.push(line);
    try {
      expect(() => logToStderr({ tool: "make_list", errorId: "12345678", error: unprintable, kind: "handler-exception" })).not.toThrow();
    } finally {
      console.error = original;
    }
    expect(lines).toEqual(["[mcp-gen] handler-exception in tool make_list (error id 12345678): (a thrown value that cannot be turned into text)"]);
  });
});
