import { expect, it } from "vitest";
import type { ResolvedTool } from "../../src/model/source.js";
import type { RuleReport } from "../../src/validate/define-rule.js";
import { metaKeyReserved } from "../../src/validate/rules/meta-key-reserved.js";
import { deepFreeze } from "../runtime/spec-vectors.js";
import { describeRule } from "../support/rule-harness.js";
import { RunMemo } from "../../src/model/run-memo.js";

function reportsFor(meta: Record<string, unknown>, allow: string[] = []): RuleReport[] {
  const wire = { name: "t", inputSchema: { type: "object" }, _meta: meta } as unknown as ResolvedTool["wire"];
  const reports: RuleReport[] = [];
  metaKeyReserved.check!(deepFreeze({ file: "t.json", wire, authoring: undefined, mounts: [] }), (r) => reports.push(r), { options: { allow }, schemas: undefined as never, memo: new RunMemo() });
  return reports;
}

describeRule(metaKeyReserved, () => {
  it("treats only a second label of modelcontextprotocol or mcp as reserved (T-META-10)", () => {
    const reserved = ["io.modelcontextprotocol/x", "dev.mcp/", "org.modelcontextprotocol.api/y", "com.mcp.tools/z", "io.Mcp/x", "a.mcp.b.c/x"];
    const free = ["com.example.mcp/x", "mcp/x", "modelcontextprotocol/x", "com.example/mcp", "mcp", "io.mcpx/x", "a.b.mcp/x"];
    expect(reserved.filter((key) => reportsFor({ [key]: 1 }).length !== 1)).toEqual([]);
    expect(free.filter((key) => reportsFor({ [key]: 1 }).length !== 0)).toEqual([]);
  });

  it("accepts keys and prefixes listed in the allow option (T-META-10)", () => {
    const meta = { "io.modelcontextprotocol/a": 1, "io.modelcontextprotocol/b": 2, "dev.mcp/c": 3 };
    expect(reportsFor(meta, ["io.modelcontextprotocol/a"]).map((r) => r.pointer)).toEqual(["/_meta/io.modelcontextprotocol~1b", "/_meta/dev.mcp~1c"]);
    expect(reportsFor(meta, ["io.modelcontextprotocol/", "dev.mcp/"])).toEqual([]);
  });
});
