// Which handler a generated server runs for a tool (runtime/server-runtime.ts and v1/server-runtime.ts):
// the one the handlers object holds under the tool's name, never a member every object inherits. A
// tool may be named after one of Object.prototype's members ("toString", "constructor", "__proto__");
// a handlers object without it (plain JavaScript, a spread that dropped it) must fail at start as any
// missing handler does, not run Object.prototype.toString as the tool.
import { describe, expect, it } from "vitest";
import { createServerFactory as createV1ServerFactory } from "../../packages/runtime/src/v1/server-runtime.js";
import { createServerFactory } from "../../packages/runtime/src/server-runtime.js";
import { buildToolTable, type ToolEntry } from "../../packages/runtime/src/tool-table.js";
import type { CompiledValidator } from "../../packages/runtime/src/validation-messages.js";

const accept: CompiledValidator = Object.assign(() => true, { errors: null });

function entry(name: string): ToolEntry {
  return { name, descriptor: { name, inputSchema: { type: "object" } }, validateInput: accept, validateOutput: undefined, headers: [], inputRequests: {} };
}

const OPTIONS = {
  serverInfo: { name: "handlers-test", version: "1.0.0" },
  cacheHint: { ttlMs: 0, cacheScope: "public" as const },
  limits: { maxArgumentDepth: 64, maxStringLength: 1024, callTimeoutMs: 0 },
};

const INHERITED_NAMES = ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "__defineGetter__"];

describe.each([
  ["sdk-v2", createServerFactory],
  ["sdk-v1", createV1ServerFactory],
] as const)("the %s server's handlers", (_target, factory) => {
  it.each(INHERITED_NAMES)("a tool named %s without a handler of its own is a missing handler", (name) => {
    const table = buildToolTable([entry(name), entry("plain")], 0, "v1");
    expect(() => factory(table, { plain: () => "ok" }, OPTIONS)).toThrow(`mcp-gen: no handler for tool(s) ${name}`);
  });

  it("takes a handler the object holds as its own, under any of those names", () => {
    const table = buildToolTable(INHERITED_NAMES.map(entry), 0, "v1");
    const handlers = Object.fromEntries(INHERITED_NAMES.map((name) => [name, () => name]));
    expect(() => factory(table, handlers, OPTIONS)).not.toThrow();
  });

  it("takes a handler that is a method of the handlers' own class", () => {
    class Handlers {
      lookup() {
        return "found";
      }
    }
    const table = buildToolTable([entry("lookup")], 0, "v1");
    expect(() => factory(table, new Handlers() as never, OPTIONS)).not.toThrow();
  });

  it("refuses a handler that is not a function", () => {
    const table = buildToolTable([entry("plain")], 0, "v1");
    expect(() => factory(table, { plain: "not a function" } as never, OPTIONS)).toThrow("mcp-gen: no handler for tool(s) plain");
  });
});
