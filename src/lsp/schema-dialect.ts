// The JSON Schema dialect of the inputSchema or outputSchema a place in a descriptor lies in (or of a
// shared schema file), for completion and hover: its `$schema`, read as the rest of mcp-gen reads it (model/dialect.ts: 2020-12 without
// one, as MCP 2026-07-28 reads it, and for a dialect mcp-gen does not support, which validation
// reports). Completion works on text that does not parse, so without the document's value the
// `$schema` is read from a tolerant parse of the text; a text too deep to load is not parsed here either.
import { createRequire } from "node:module";
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../model/dialect.js";
import { valueAt, type JsonValue } from "../model/json.js";
import { DEFAULT_LOAD_LIMITS } from "../load/limits.js";
import { findJsonDepthExcess } from "../load/measure-nesting.js";
import { findYamlDepthExcess } from "../load/yaml-nesting.js";
import { withYamlLineBreaks } from "../load/parse-yaml.js";
import type { PathSegment } from "./schema-guide.js";

const require = createRequire(import.meta.url);
const jsonc = () => require("jsonc-parser") as typeof import("jsonc-parser");
const yaml = () => require("yaml") as typeof import("yaml");

/**
 * @param value the document's value when it parses
 * @example schemaDialectAt(["inputSchema", "properties", "a"], undefined, 'inputSchema:\n  $schema: "http://json-schema.org/draft-07/schema#"\n', false) // "draft-07"
 */
export function schemaDialectAt(path: readonly PathSegment[], value: JsonValue | undefined, text: string, json: boolean): Dialect {
  const schemaKey = path[0];
  if (schemaKey !== "inputSchema" && schemaKey !== "outputSchema") return DEFAULT_DIALECT;
  const declared = value === undefined ? declaredInText(text, json, schemaKey) : valueAt(value, [schemaKey, "$schema"]);
  return dialectOf(declared) ?? DEFAULT_DIALECT;
}

/**
 * The dialect a shared schema file (one a descriptor's `$ref` names) declares itself: its own
 * `$schema`, read as schemaDialectAt reads a descriptor's; 2020-12 without one. It is the file's
 * dialect alone: a tool schema that bundles it reads it in its own (schema-file-readers.ts).
 * @param value the document's value when it parses
 */
export function schemaFileDialect(value: JsonValue | undefined, text: string, json: boolean): Dialect {
  return dialectOf(schemaFileDeclared(value, text, json)) ?? DEFAULT_DIALECT;
}

/** The `$schema` at the root of a shared schema file, as far as its text reads; undefined for none. */
export function schemaFileDeclared(value: JsonValue | undefined, text: string, json: boolean): unknown {
  return value === undefined ? declaredInText(text, json) : valueAt(value, ["$schema"]);
}

/** The `$schema` of `schemaKey` (of the document's root without one) as far as the text reads; undefined when it says none (or cannot say). */
function declaredInText(text: string, json: boolean, schemaKey?: string): unknown {
  const path = schemaKey === undefined ? ["$schema"] : [schemaKey, "$schema"];
  const maxDepth = DEFAULT_LOAD_LIMITS.maxDepth;
  if (json) {
    if (findJsonDepthExcess(text, maxDepth) !== -1) return undefined;
    const { parseTree, findNodeAtLocation } = jsonc();
    const tree = parseTree(text, [], { allowTrailingComma: true });
    return tree === undefined ? undefined : findNodeAtLocation(tree, path)?.value;
  }
  const source = withYamlLineBreaks(text);
  if (findYamlDepthExcess(source, maxDepth) !== -1) return undefined;
  return yaml().parseDocument(source, { version: "1.2", prettyErrors: false }).getIn(path);
}
