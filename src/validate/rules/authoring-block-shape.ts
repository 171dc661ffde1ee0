import { getOwn } from "../../model/json.js";
import { closest } from "../../config/suggest.js";
import { authoringValidationSchema, INPUT_REQUEST_KEY_PATTERN, RESERVED_INPUT_REQUEST_KEYS } from "../authoring-schema.js";
import type { GeneratedValidator } from "../../compile/schema-compiler.js";
import { validateAuthoringBlock } from "../../precompiled/authoring-validator.js";
import { defineRule } from "../define-rule.js";
import { oneOfPhrase, typePhrase } from "../../model/phrases.js";
import { describePointer, shortJson } from "../describe-pointer.js";
import { valueAt } from "../../model/json.js";
import { joinPointer, splitPointer } from "../../model/pointer.js";
import type { ErrorObject } from "ajv";
import { trimmedWhere } from "../../model/trim-text.js";

/**
 * The x-mcp-gen block's schema (authoringValidationSchema) with every error, compiled ahead of time
 * into src/precompiled/authoring-validator.ts (test/schemas.test.ts keeps it current), so that
 * checking a tool's block loads no ajv.
 */
const validate = validateAuthoringBlock as GeneratedValidator;

/** The same schema as data, for the hints' lists of known keys. */
const SCHEMA = authoringValidationSchema();

export const authoringBlockShape = defineRule({
  id: "authoring-block-shape",
  summary: "The authoring-only x-mcp-gen block has the shape mcp-gen reads.",
  description:
    "`x-mcp-gen` holds data for mcp-gen alone: `examples` (arguments, and optionally the expected structured result, used " +
    "by the generated test scaffolds) and `inputRequests` (elicitation forms a handler may ask for through an " +
    "input_required result, each an MCP ElicitRequestFormParams). It never reaches the wire or the hash. A misspelt key " +
    "here would be silently ignored, so every key and value is checked. A form's key becomes part of TypeScript names " +
    "and types: it starts with a letter, holds only letters, digits and `_`, and is not the name of a member every " +
    "JavaScript object inherits (`constructor`, `toString`, `valueOf`...).",
  defaultSeverity: "error",
  breaks: ["generated-code"],
  must: false,
  required: true,
  why: "The generated test scaffolds and input-request types are written from this block, so a malformed one makes " + "them fail to compile.",
  since: "0.1.0",
  spec: "mcp-gen DESIGN.md § Descriptor files; MCP 2026-07-28 schema.json ElicitRequestFormParams",
  checklist: [],
  check(tool, report) {
    if (tool.authoring === undefined || validate(tool.authoring)) return;
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      if (["anyOf", "oneOf", "allOf", "if", "$ref", "propertyNames"].includes(error.keyword)) continue;
      if (error.propertyName !== undefined) {
        // A form key that cannot be used: reported at the key itself, not at the whole inputRequests map.
        const pointer = joinPointer("/x-mcp-gen" + error.instancePath, error.propertyName);
        if (!seen.has(`key ${pointer}`)) report({ pointer, target: "key", ...keyProblem(error, error.propertyName) });
        seen.add(`key ${pointer}`);
        continue;
      }
      const params = error.params as Record<string, unknown>;
      const pointer = "/x-mcp-gen" + error.instancePath + (error.keyword === "additionalProperties" ? `/${String(params.additionalProperty)}` : "");
      if (seen.has(pointer)) continue;
      seen.add(pointer);
      const subject = describePointer(pointer);
      const value = valueAt(tool.authoring, splitPointer(error.instancePath));
      const message =
        error.keyword === "additionalProperties"
          ? `${subject} is not a key mcp-gen knows.`
          : error.keyword === "required"
            ? `${subject} has no "${String(params.missingProperty)}".`
            : error.keyword === "type"
              ? `${subject} is ${shortJson(value)}, but it must be ${typePhrase(String(params.type))}.`
              : error.keyword === "enum" || error.keyword === "const"
                ? `${subject} is ${shortJson(value)}, but it must be ${oneOfPhrase((params.allowedValues as unknown[]) ?? [params.allowedValue])}.`
                : `${subject} ${error.message ?? "is invalid"}.`;
      report({
        pointer,
        target: error.keyword === "additionalProperties" ? "key" : "value",
        message,
        hint:
          error.keyword === "additionalProperties" ? unknownKeyHint(String(params.additionalProperty), error.instancePath) : "See schemas/mcp-gen.descriptor.schema.json for the shape of x-mcp-gen.",
      });
    }
  },
});

/** Why an `inputRequests` key is refused (its name fails the schema's propertyNames), and what to call it. */
function keyProblem(error: ErrorObject, key: string): { message: string; hint: string } {
  const subject = `${describePointer("/x-mcp-gen" + error.instancePath)} key "${key}"`;
  if (error.keyword === "not") {
    return {
      message: `${subject} is the name of a member every JavaScript object inherits (Object.prototype.${key}), which the generated types and ctx.ask cannot tell apart from a form.`,
      hint: `Rename it, for example to "${key}Form".`,
    };
  }
  return {
    message: `${subject} does not match ${INPUT_REQUEST_KEY_PATTERN}: it becomes part of TypeScript identifiers, so it must start with a letter and hold only letters, digits and "_" (64 at most).`,
    hint: `Rename it, for example to "${keySuggestion(key)}".`,
  };
}

/** A key close to `key` that the pattern admits. */
function keySuggestion(key: string): string {
  const cleaned = trimmedWhere(key.replace(/[^A-Za-z0-9_]+/g, "_"), (c) => c === "_");
  const named = /^[A-Za-z]/.test(cleaned) ? cleaned : `form${cleaned === "" ? "" : "_"}${cleaned}`;
  const cut = named.slice(0, 64);
  return RESERVED_INPUT_REQUEST_KEYS.includes(cut) ? `${cut}Form` : cut;
}

function unknownKeyHint(key: string, parentPointer: string): string {
  const parent = parentPointer === "" ? SCHEMA : parentPointer.startsWith("/examples/") ? getOwn(getOwn(getOwn(SCHEMA, "properties"), "examples"), "items") : undefined;
  const known = Object.keys(getOwn(parent, "properties") ?? {});
  const guess = closest(key, known);
  return guess ? `Did you mean "${guess}"?` : `Use only ${known.map((k) => `"${k}"`).join(", ")} here.`;
}
