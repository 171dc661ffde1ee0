// LockFile → the text of mcp-tools.lock.json. Keys sorted by UTF-16 code units at every level (as in
// RFC 8785, so the order is the same everywhere), two-space indent, one member per line and a final
// newline: each tool is one block, and a pull request diff shows exactly which hashes changed.
import type { LockFile } from "../model/lock.js";

/**
 * @example writeFile(config.lock, renderLock(buildLock(input)))
 */
export function renderLock(lock: LockFile): string {
  return renderValue(lock as unknown as Renderable, "") + "\n";
}

type Renderable = null | boolean | number | string | readonly Renderable[] | { readonly [key: string]: Renderable | undefined };

// JSON.stringify(value, null, 2) is not used for objects: it writes integer-like keys ("10", "9")
// first in numeric order whatever order they were inserted in.
function renderValue(value: Renderable, indent: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    const items = value as readonly Renderable[];
    if (items.length === 0) return "[]";
    return `[\n${items.map((item) => inner + renderValue(item, inner)).join(",\n")}\n${indent}]`;
  }
  const object = value as { readonly [key: string]: Renderable | undefined };
  const keys = Object.keys(object).filter((key) => object[key] !== undefined).sort();
  if (keys.length === 0) return "{}";
  return `{\n${keys.map((key) => `${inner}${JSON.stringify(key)}: ${renderValue(object[key]!, inner)}`).join(",\n")}\n${indent}}`;
}
