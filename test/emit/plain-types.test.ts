// emitPlainTypes writes json-schema-to-typescript's output for a plain wrapper without running it
// (src/emit/plain-types.ts). Checked against compile() on the wrapper of every corpus tool, with a
// floor on how many it answers, so that a subset that quietly shrinks to nothing fails too.
import { describe, expect, it } from "vitest";
import { compileWithLibrary, compileWrapper, loadTypeCompiler, type TypeCompiler } from "../../src/emit/compile-wrapper.js";
import { keepOwnNames, planToolTypes } from "../../src/emit/emit-types.js";
import { assignToolNames } from "../../src/emit/names.js";
import { emitPlainTypes } from "../../src/emit/plain-types.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { corpusCaptures } from "../support/corpus-tools.js";

const library = loadTypeCompiler();
const ownNames = (wrapper: object) => keepOwnNames(wrapper as JsonObject);

/** emitPlainTypes' answer for a wrapper, as compileWrapper asks for it. */
function plain(wrapperText: string, rootName: string): string | undefined {
  const wrapper = JSON.parse(wrapperText) as object;
  return emitPlainTypes(wrapper, rootName, ownNames(wrapper), library.naming.toSafeString);
}

/** The distinct wrappers of one corpus capture's tools. */
function corpusWrappers(tools: readonly unknown[]): { wrapperText: string; rootName: string; tool: string }[] {
  const wire = tools as { name: string; inputSchema?: JsonValue; outputSchema?: JsonValue }[];
  const names = assignToolNames(wire.map((t) => t.name));
  const seen = new Set<string>();
  return wire.flatMap((tool, i) => {
    if (tool.inputSchema === undefined) return [];
    const { wrapperText, rootName } = planToolTypes(tool.inputSchema, tool.outputSchema, { pascal: names[i]!.pascal });
    if (seen.has(wrapperText)) return [];
    seen.add(wrapperText);
    return [{ wrapperText, rootName, tool: tool.name }];
  });
}

describe("emitPlainTypes", () => {
  it("writes what compile() writes for every corpus wrapper it answers, and answers most", async () => {
    const mismatches: string[] = [];
    const answered = new Map<string, [number, number]>();
    for (const { file, tools } of corpusCaptures()) {
      const wrappers = corpusWrappers(tools);
      let count = 0;
      for (const { wrapperText, rootName, tool } of wrappers) {
        const fast = plain(wrapperText, rootName);
        if (fast === undefined) continue;
        count++;
        if (fast !== (await compileWithLibrary(library, wrapperText, rootName, ownNames))) mismatches.push(`${file} ${tool}`);
      }
      answered.set(file, [count, wrappers.length]);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    const [bench, benchTotal] = answered.get("bench/github-rest-tools.json")!;
    expect(benchTotal).toBeGreaterThan(700);
    // 722 of the bench corpus's 725 wrappers, and 993 of all 1,038, at the time of writing: anything
    // else (tuples, `$ref`, $defs, propertyNames...) is the library's.
    expect(bench / benchTotal).toBeGreaterThan(0.99);
    const all = [...answered.values()].reduce((sum, [count]) => sum + count, 0);
    expect(all).toBeGreaterThan(985);
  }, 240_000);

  it("is what compileWrapper answers a plain wrapper with, without any of the library's steps", async () => {
    const { wrapperText, rootName } = planToolTypes({ type: "object", properties: { a: { type: "string", description: "A */ b" } } }, { type: "object" }, { pascal: "ReposGet" });
    const refuse = (step: string) => () => {
      throw new Error(`${step} ran`);
    };
    const steps = ["compile", "normalizeNullableRefs", "link", "validate", "normalize", "parse", "nameAnonymousRecursiveTypes", "optimize", "generate"] as const;
    const stepless = { ...library, ...Object.fromEntries(steps.map((step) => [step, refuse(step)])) } as TypeCompiler;
    expect(await compileWrapper(stepless, wrapperText, rootName, ownNames)).toBe(await compileWithLibrary(library, wrapperText, rootName, ownNames));
  });
});
