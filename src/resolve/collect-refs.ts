// Every `$ref` string in a document, so the CLI knows which files to read before resolving. Looks
// everywhere (not only at schema keywords): reading a file too many is harmless, missing one is not.
import { isJsonObject, type JsonValue } from "../model/json.js";

export function collectRefStrings(root: JsonValue): string[] {
  const refs = new Set<string>();
  const stack: JsonValue[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) stack.push(...node);
    else if (isJsonObject(node)) {
      for (const key of Object.keys(node)) {
        const value = node[key]!;
        if (key === "$ref" && typeof value === "string") refs.add(value);
        else stack.push(value);
      }
    }
  }
  return [...refs];
}
