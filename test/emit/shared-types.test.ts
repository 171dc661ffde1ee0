// emit-types.ts compiles the types of tools whose schemas are the same once, under a shared name,
// and renames the output to each tool. The renamed output must be exactly what compiling under the
// tool's own name gives: checked on every corpus tool, and on the cases that must not be shared.
import { describe, expect, it } from "vitest";
import { compileTypes, finishToolTypes, planToolTypes } from "../../src/emit/emit-types.js";
import { assignToolNames } from "../../src/emit/names.js";
import type { JsonValue } from "../../src/model/json.js";
import { corpusCaptures } from "../support/corpus-tools.js";

async function typesOf(input: JsonValue, output: JsonValue | undefined, pascal: string, share: boolean): Promise<string> {
  const request = planToolTypes(input, output, { pascal }, [], share);
  return finishToolTypes(request, await compileTypes(request.wrapperText, request.rootName)).code;
}

describe("shared type compilation", () => {
  it("gives every corpus tool exactly the types of its own compilation, and shares most of them", async () => {
    let shared = 0;
    let total = 0;
    const mismatches: string[] = [];
    for (const { file, tools } of corpusCaptures()) {
      const wire = tools as { name: string; inputSchema?: JsonValue; outputSchema?: JsonValue }[];
      const names = assignToolNames(wire.map((t) => t.name));
      for (const [i, tool] of wire.entries()) {
        if (tool.inputSchema === undefined) continue;
        total++;
        const request = planToolTypes(tool.inputSchema, tool.outputSchema, { pascal: names[i]!.pascal });
        if (request.sharedName !== undefined) shared++;
        const own = await typesOf(tool.inputSchema, tool.outputSchema, names[i]!.pascal, false);
        const viaShared = finishToolTypes(request, await compileTypes(request.wrapperText, request.rootName)).code;
        if (own !== viaShared) mismatches.push(`${file} ${tool.name}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(total).toBeGreaterThan(1_500);
    expect(shared).toBeGreaterThan(total / 2);
  }, 240_000);

  it("does not share types whose names depend on the schema or the tool's name", () => {
    const plain = { type: "object", properties: { a: { type: "string" } } };
    expect(planToolTypes(plain, undefined, { pascal: "ReposGet" }).sharedName).toBe("McpGenSharedTypeName");
    expect(planToolTypes(plain, undefined, { pascal: "ReposGet" }).wrapperText).toBe(planToolTypes(plain, undefined, { pascal: "UsersList" }).wrapperText);
    const titled = { type: "object", properties: { a: { title: "Owner", type: "object" } } };
    const refs = { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string" } } };
    const naming = { type: "object", description: "Mentions McpGenSharedTypeName." };
    expect(planToolTypes(titled, undefined, { pascal: "ReposGet" }).sharedName).toBeUndefined();
    expect(planToolTypes(refs, undefined, { pascal: "ReposGet" }).sharedName).toBeUndefined();
    expect(planToolTypes(naming, undefined, { pascal: "ReposGet" }).sharedName).toBeUndefined();
    expect(planToolTypes(plain, titled, { pascal: "ReposGet" }).sharedName).toBeUndefined();
    // Name mangling would change these names (snake case, a lowercase letter after a digit).
    expect(planToolTypes(plain, undefined, { pascal: "Tool_" }).sharedName).toBeUndefined();
    expect(planToolTypes(plain, undefined, { pascal: "T2fa" }).sharedName).toBeUndefined();
    expect(planToolTypes(plain, undefined, { pascal: "Repos2" }).sharedName).toBe("McpGenSharedTypeName");
  });
});
