// Every `$ref` string in a document, so the CLI knows which files to read before resolving. Looks
// everywhere (not only at schema keywords): reading a file too many is harmless, missing one is not.
// Except in values that are data, never schemas: reading a file also reports why it does not load,
// so `const: { $ref: "../notes.txt" }` made notes.txt a YAML error of the project.
import { isJsonObject, type JsonValue } from "../model/json.js";

/** Keywords whose value is an instance, not a schema: a `$ref` inside it is data. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(["const", "enum", "default", "examples"]);

/** Keywords whose members are named by the user: a member called "default" there is a schema. */
const NAME_MAPS: ReadonlySet<string> = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);

export function collectRefStrings(root: JsonValue): string[] {
  const refs = new Set<string>();
  const stack: { value: JsonValue; inNameMap: boolean }[] = [{ value: root, inNameMap: false }];
  while (stack.length > 0) {
    const { value: node, inNameMap } = stack.pop()!;
    if (Array.isArray(node)) for (const value of node) stack.push({ value, inNameMap: false });
    else if (isJsonObject(node)) {
      for (const key of Object.keys(node)) {
        const value = node[key]!;
        if (key === "$ref" && typeof value === "string") refs.add(value);
        else if (inNameMap || !DATA_KEYWORDS.has(key)) stack.push({ value, inNameMap: NAME_MAPS.has(key) && !inNameMap });
      }
    }
  }
  return [...refs];
}
