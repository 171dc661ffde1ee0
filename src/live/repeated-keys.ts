// A key written twice where an MCP client's config lists its servers (`"pin"` twice in `mcpServers`,
// `"command"` twice in one entry, `mcpServers` itself twice). JSON readers disagree about which copy
// wins (JSON.parse keeps the last, jsonc-parser's edits find the first), so import would pin one copy
// while the host may run the other, and wrap would rewrite one and leave the other: such a file is
// refused, naming the key and both places. Keys repeated elsewhere (a VS Code settings.json holds much
// more than servers) are the host's business. Pure.
import { createRequire } from "node:module";
import type { Node } from "jsonc-parser";
import { computeLineStarts, positionAt } from "../load/line-index.js";

const require = createRequire(import.meta.url);

/** The top-level keys under which hosts list servers (VS Code's `servers` and `mcp.servers`, everyone else's `mcpServers`). */
const SERVER_KEYS: ReadonlySet<string> = new Set(["servers", "mcp", "mcpServers"]);

/**
 * What is repeated and where, or undefined when no key is. `text` must parse (as JSON with comments).
 * @example repeatedServerKey('{"mcpServers": {"a": {}, "a": {}}}') // '"a" is written twice in "mcpServers" (line 1, column 17 and line 1, column 26); …'
 */
export function repeatedServerKey(text: string): string | undefined {
  const jsonc = require("jsonc-parser") as typeof import("jsonc-parser");
  const tree = jsonc.parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (tree?.type !== "object") return undefined;
  const found = repeatedIn(tree, [], (key) => SERVER_KEYS.has(key));
  if (found === undefined) return undefined;
  const where = found.path.length === 0 ? "" : ` in ${found.path.map((key) => JSON.stringify(key)).join(".")}`;
  return `${JSON.stringify(found.key)} is written twice${where} (${place(text, found.first)} and ${place(text, found.again)}); remove one of them: hosts disagree about which one they use.`;
}

interface Repeated {
  readonly key: string;
  /** The keys of the objects that hold it, from the top. */
  readonly path: readonly string[];
  readonly first: number;
  readonly again: number;
}

/** The first key repeated in `node` (only the keys `chosen` picks) or in any value below those keys. */
function repeatedIn(node: Node, path: readonly string[], chosen: (key: string) => boolean): Repeated | undefined {
  if (node.type === "array") {
    for (const item of node.children ?? []) {
      const found = repeatedIn(item, path, () => true);
      if (found) return found;
    }
    return undefined;
  }
  if (node.type !== "object") return undefined;
  const seen = new Map<string, number>();
  for (const property of node.children ?? []) {
    const keyNode = property.children?.[0];
    if (!keyNode) continue;
    const key = String(keyNode.value);
    if (!chosen(key)) continue;
    const first = seen.get(key);
    if (first !== undefined) return { key, path, first, again: keyNode.offset };
    seen.set(key, keyNode.offset);
  }
  for (const property of node.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (!keyNode || !valueNode || !chosen(String(keyNode.value))) continue;
    const found = repeatedIn(valueNode, [...path, String(keyNode.value)], () => true);
    if (found) return found;
  }
  return undefined;
}

/** "line 3, column 5" of an offset into `text` (both from 1). */
function place(text: string, offset: number): string {
  const { line, column } = positionAt(computeLineStarts(text), offset);
  return `line ${line}, column ${column}`;
}
