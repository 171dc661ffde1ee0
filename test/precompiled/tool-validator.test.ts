// The Tool-schema validator compiled ahead of time (src/precompiled/tool-validator.ts) answers as ajv
// does when it compiles the official Tool schema at run time, with mcp-gen's rule options: the same
// verdict and the same errors, on every corpus tool and on tools broken in every part of the schema.
import type { ErrorObject } from "ajv";
import { describe, expect, it } from "vitest";
import { TOOL_SCHEMA } from "../../src/validate/rules/tool-shape.js";
import { validateTool } from "../../src/precompiled/tool-validator.js";
import { SchemaCompiler, type GeneratedValidator } from "../../src/compile/schema-compiler.js";
import { corpusCaptures } from "../support/corpus-tools.js";

const precompiled = validateTool as GeneratedValidator;

const errorsOf = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message }));

const base = { name: "x", inputSchema: { type: "object" } };
const BROKEN: readonly unknown[] = [
  {},
  [],
  "tool",
  { name: 5 },
  { ...base, inputSchema: undefined },
  { ...base, title: 3, description: null },
  { ...base, annotations: { readOnlyHint: "yes", title: 1 } },
  { ...base, icons: [{}] },
  { ...base, icons: [{ src: "not a uri", sizes: "48x48" }] },
  { ...base, icons: "icon.png" },
  { ...base, execution: { taskSupport: "sometimes" } },
  { ...base, _meta: [] },
  { ...base, outputSchema: { type: "string" } },
  { ...base, inputSchema: { type: "array" } },
];

describe("the precompiled Tool validator", () => {
  it("gives every corpus tool and broken ones the verdict and errors of ajv compiling the Tool schema", () => {
    const atRunTime = new SchemaCompiler().validator(TOOL_SCHEMA, "2020-12")!;
    const tools = [...corpusCaptures().flatMap((capture) => capture.tools), ...BROKEN];
    let refused = 0;
    for (const tool of tools) {
      const expected = atRunTime(tool);
      expect(precompiled(tool), JSON.stringify(tool).slice(0, 200)).toBe(expected);
      expect(errorsOf(precompiled.errors)).toEqual(errorsOf(atRunTime.errors));
      if (!expected) refused++;
    }
    expect(tools.length).toBeGreaterThan(1300);
    expect(refused).toBeGreaterThanOrEqual(BROKEN.length);
  });
});
