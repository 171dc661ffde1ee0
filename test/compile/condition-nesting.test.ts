// ajv joins a list of conditions one at a time, each join in parentheses (`((a) && (b)) && (c)`), and
// some of its lists are as long as the schema is wide: 900 properties under `unevaluatedProperties:
// false` gave a condition 900 levels deep, and TypeScript 5.9 and 6.0 overflowed their stack binding
// the generated validators module (TypeScript 7 compiled it). A list longer than MAX_JOINED is now
// joined as a balanced tree of ajv's own joins (src/compile/load-ajv.ts, patch 7).
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_JOINED } from "../../src/compile/load-ajv.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";
import { STRICTEST_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck } from "../support/typescript-compilers.js";

/**
 * How deeply the parentheses of `code` (ajv's standalone code) nest, leaving out string and regular
 * expression literals (ajv writes `.replace(/\//g, "~1")`) and comments.
 */
function parenthesesDepth(code: string): number {
  let depth = 0;
  let deepest = 0;
  let previous = ";";
  for (let i = 0; i < code.length; i++) {
    const char = code[i]!;
    if (char === '"' || char === "'" || char === "`") {
      for (i++; i < code.length && code[i] !== char; i++) if (code[i] === "\\") i++;
    } else if (code.startsWith("//", i)) i = code.includes("\n", i) ? code.indexOf("\n", i) : code.length;
    else if (code.startsWith("/*", i)) i = code.indexOf("*/", i + 2) + 1;
    else if (char === "/" && "(,=:[!&|?{};".includes(previous)) {
      // A regular expression literal, where an expression starts: up to its closing slash.
      for (let inClass = false, j = i + 1; j < code.length; j++) {
        if (code[j] === "\\") j++;
        else if (code[j] === "[") inClass = true;
        else if (code[j] === "]") inClass = false;
        else if (code[j] === "/" && !inClass) {
          i = j;
          break;
        }
      }
    } else if (char === "(") deepest = Math.max(deepest, ++depth);
    else if (char === ")") depth--;
    if (!/\s/.test(char)) previous = code[i]!;
  }
  return deepest;
}

const names = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
const map = (keys: readonly string[], schema: JsonValue): JsonObject => Object.fromEntries(keys.map((key) => [key, schema]));

/** A schema whose validator checks each key against every property it has seen (one condition per property). */
const unevaluated = (count: number): JsonValue => ({ type: "object", properties: map(names(count, "p"), { type: "string" }), unevaluatedProperties: false });
/** One pattern test per pattern, in the condition that says which keys are additional. */
const patterns = (count: number): JsonValue => ({
  type: "object",
  patternProperties: map(
    names(count, "^q").map((name) => `${name}$`),
    { type: "string" },
  ),
  additionalProperties: false,
});
/** One check per dependency, in the condition that finds the first one missing. */
const dependencies = (count: number): JsonValue => ({ type: "object", dependentRequired: { a: names(count, "d") } });

describe("conditions over a long list", () => {
  it("nest no deeper than MAX_JOINED and a few halvings, and judge as the schema says", () => {
    const compiler = new SchemaCompiler();
    const cases: readonly [string, JsonValue, JsonValue, JsonValue][] = [
      ["unevaluatedProperties", unevaluated(900), { p0: "a", p899: "z" }, { p0: "a", extra: 1 }],
      ["additionalProperties beside patternProperties", patterns(700), { q0: "a", q699: "z" }, { q0: "a", q700: "x" }],
      ["dependentRequired", dependencies(700), { a: 1, ...map(names(700, "d"), 1) }, { a: 1, ...map(names(699, "d"), 1) }],
    ];
    for (const [keyword, schema, valid, invalid] of cases) {
      const compiled = compiler.compiled(schema, "2020-12");
      expect(compiled.error, keyword).toBeUndefined();
      expect(parenthesesDepth(compiled.chunk!.body), keyword).toBeLessThanOrEqual(MAX_JOINED + 20);
      const validate = compiler.generatedValidator(schema, "2020-12")!;
      expect(validate(valid), keyword).toBe(true);
      expect(validate(invalid), keyword).toBe(false);
      expect(validate({}), keyword).toBe(true);
    }
  });

  it("are written as ajv writes them up to MAX_JOINED conditions", () => {
    // ajv's own join: one level of parentheses per condition.
    const body = new SchemaCompiler().compiled(unevaluated(MAX_JOINED - 10), "2020-12").chunk!.body;
    expect(parenthesesDepth(body)).toBeGreaterThanOrEqual(MAX_JOINED - 10);
  });

  it("compile in the user's project under every supported TypeScript", async () => {
    // About 600 levels overflowed TypeScript 5.9 and 6.0 (RangeError in the binder).
    const tool = (name: string, inputSchema: JsonValue) => JSON.stringify({ name, description: "A wide schema.", inputSchema });
    const root = tempProject({
      "tools/seen.json": tool("seen", unevaluated(700)),
      "tools/patterns.json": tool("patterns", patterns(700)),
      "tsconfig.json": JSON.stringify({ compilerOptions: STRICTEST_OPTIONS, include: ["src"] }),
      "package.json": '{ "type": "module" }',
    });
    symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    for (const compiler of TYPESCRIPT_COMPILERS) expect({ [compiler.version]: (await typeCheck(compiler, join(root, "tsconfig.json"))).errors }).toEqual({ [compiler.version]: [] });
    expect(parenthesesDepth(readFileSync(join(root, "src/generated/validators/2020-12.ts"), "utf8"))).toBeLessThanOrEqual(MAX_JOINED + 20);
  }, 300_000);
});
