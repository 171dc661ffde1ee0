// cleanSchemas: what a build tells the next one about the schemas it found valid (SchemaPrior.clean).
import { describe, expect, it } from "vitest";
import { cleanSchemas } from "../../src/incremental/plan-reuse.js";
import { hashJson } from "../../src/lock/hash-tool.js";
import type { JsonObject } from "../../src/model/json.js";
import type { LockFile } from "../../src/model/lock.js";
import type { ResolvedTool } from "../../src/model/source.js";
import { cleanSchemaKey, SchemaCompiler } from "../../src/compile/schema-compiler.js";

const tool = (wire: JsonObject): ResolvedTool => ({ file: `tools/${String(wire.name)}.json`, wire, authoring: undefined, mounts: [] }) as unknown as ResolvedTool;

function lockOf(tools: readonly ResolvedTool[]): LockFile {
  const entries = tools.map((t) => [String(t.wire.name), { parts: { inputSchema: hashJson(t.wire.inputSchema!), ...(t.wire.outputSchema ? { outputSchema: hashJson(t.wire.outputSchema) } : {}) } }]);
  return { tools: Object.fromEntries(entries) } as unknown as LockFile;
}

describe("cleanSchemas", () => {
  it("lists the schemas this build checked clean, and carries the previous build's word for the ones it did not check", () => {
    const good = tool({ name: "good", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { n: { type: "integer" } } } });
    const bad = tool({ name: "bad", inputSchema: { type: "object", properties: { n: { minimum: "1" } } } });
    const reused = tool({ name: "reused", inputSchema: { type: "object", properties: { s: { type: "string" } } } });
    const unknown = tool({ name: "unknown", inputSchema: { type: "object", properties: { b: { type: "boolean" } } } });
    const schemas = new SchemaCompiler();
    for (const t of [good, bad]) for (const schema of [t.wire.inputSchema!, t.wire.outputSchema].filter((s) => s !== undefined)) schemas.check(schema, "2020-12");
    const key = (schema: unknown) => cleanSchemaKey("2020-12", hashJson(schema as JsonObject));
    // The previous build vouched for `reused`, and (wrongly, once) for `bad`: this build's own check wins.
    const earlier = new Set([key(reused.wire.inputSchema), key(bad.wire.inputSchema)]);
    const clean = cleanSchemas([good, bad, reused, unknown], lockOf([good, bad, reused, unknown]), schemas, earlier);
    expect(clean).toEqual([key(good.wire.inputSchema), key(good.wire.outputSchema), key(reused.wire.inputSchema)].sort());
  });
});
