import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { findRefCycles } from "../../resolve/find-ref-cycles.js";
import { defineRule } from "../define-rule.js";
import { describePointer } from "../describe-pointer.js";
import { toolSchemas } from "../walk.js";

export const authoringExampleValid = defineRule({
  id: "authoring-example-valid",
  summary: "Each x-mcp-gen example has arguments valid against inputSchema and a result valid against outputSchema.",
  description:
    "The generated test scaffolds call the tool with every example's `arguments` and expect its `result`. An example that " +
    "its own schema rejects would make those tests fail for the wrong reason, and usually means the schema and the example " +
    "disagree about the tool. The check uses the same validator configuration as the generated server.",
  defaultSeverity: "error",
  breaks: ["generated-code"],
  must: false,
  required: true,
  why: "The generated tests call the tool with each example, typed by its schema, so an example the schema rejects " + "makes them fail to compile or fail.",
  since: "0.1.0",
  spec: "mcp-gen DESIGN.md § Descriptor files",
  compilesSchemas: true,
  checklist: [],
  check(tool, report, { schemas }) {
    const examples = getOwn(tool.authoring, "examples");
    if (!Array.isArray(examples)) return;
    const byKey = new Map(toolSchemas(tool).map((s) => [s.key, s]));
    examples.forEach((example, index) => {
      if (!isJsonObject(example)) return;
      const checks = [
        ["arguments", "inputSchema"],
        ["result", "outputSchema"],
      ] as const;
      for (const [field, schemaKey] of checks) {
        const value = getOwn(example, field);
        const schema = byKey.get(schemaKey);
        // A `$ref` loop (the ref-cycle error) makes the validator recurse until the stack runs out.
        if (value === undefined || !schema?.dialect || findRefCycles(schema.schema, 1).length > 0) continue;
        const validate = schemas.generatedValidator(schema.schema, schema.dialect);
        if (!validate || validatesWithinStack(validate, value)) continue;
        const first = validate.errors?.[0];
        const where = first ? `${field}${first.instancePath ? describePointer(first.instancePath).replace(/^(?=[A-Za-z_$])/, ".") : ""}` : field;
        report({
          pointer: joinPointer(
            "/x-mcp-gen/examples",
            index,
            field,
            ...(first?.instancePath
              ? first.instancePath
                  .slice(1)
                  .split("/")
                  .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"))
              : []),
          ),
          message: `Example ${index + 1} does not match ${schemaKey}: ${where} ${first?.message ?? "is invalid"}.`,
          hint: `Fix the example or the schema so that they agree.`,
        });
      }
    });
  },
});

/**
 * Whether `validate` accepts `value`, or true when it runs out of stack: a loop findRefCycles cannot
 * see (through a `$dynamicRef` whose target depends on the path validation took) judges nothing.
 */
function validatesWithinStack(validate: (value: unknown) => boolean, value: unknown): boolean {
  try {
    return validate(value);
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}
