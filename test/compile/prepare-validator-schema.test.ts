// The copy a generated validator is compiled from leaves annotations out (src/compile/prepare-
// validator-schema.ts), but not one that a `$ref` points into: `{ $ref: "#/properties/a/default" }`
// is valid JSON Schema (the SDK compiles it), and dropping `default` left the ref dangling, so
// validate passed and build stopped with "internal error: ... can't resolve reference".
import { describe, expect, it } from "vitest";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { prepareValidatorSchema } from "../../src/compile/prepare-validator-schema.js";
import type { JsonValue } from "../../src/model/json.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

describe("prepareValidatorSchema", () => {
  it("keeps an annotation a $ref points into, and drops the others", () => {
    const schema: JsonValue = {
      type: "object",
      properties: {
        a: { type: "object", description: "A record.", default: { type: "string" }, examples: [{ type: "integer" }] },
        b: { $ref: "#/properties/a/default" },
        c: { description: "dropped", examples: [1], $ref: "#/properties/a/examples/0" },
      },
      additionalProperties: false,
    };
    expect(prepareValidatorSchema(schema)).toEqual({
      type: "object",
      properties: { a: { type: "object", default: { type: "string" }, examples: [{ type: "integer" }] }, b: { $ref: "#/properties/a/default" }, c: { $ref: "#/properties/a/examples/0" } },
      additionalProperties: false,
    });
  });

  it("compiles such a schema into a validator that follows the ref", () => {
    const schema: JsonValue = { type: "object", properties: { a: { default: { type: "string" } }, b: { $ref: "#/properties/a/default" } } };
    const compiled = new SchemaCompiler().compiled(schema, "2020-12");
    expect(compiled.error).toBeUndefined();
    const validate = new SchemaCompiler().generatedValidator(schema, "2020-12")!;
    expect([validate({ b: "x" }), validate({ b: 1 })]).toEqual([true, false]);
  });

  it("lets build write a project whose schema refs into a default", async () => {
    const root = tempProject({
      "tools/a.yaml":
        'name: a\ndescription: Refs into a default.\ninputSchema:\n  type: object\n  properties:\n    a: { type: object, default: { type: string } }\n    b: { $ref: "#/properties/a/default" }\n  additionalProperties: false\n',
    });
    const run = await runInProcess(root, ["build"]);
    expect(run.stdout + run.stderr).not.toContain("internal error");
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });
});
