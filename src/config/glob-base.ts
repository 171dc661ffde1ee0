// Where a `tools` glob starts: the folder below which it can match. Shared by the config check (out
// must not hold the descriptors) and the descriptor search and watch, which walk from there.
import { posix } from "node:path";

/** Characters that make a path segment of a glob a pattern rather than a name. */
const MAGIC = /[*?[\]{}()!+@\\]/;

/**
 * The folder (project path, "" for the root) below which `pattern` can match, or undefined for a
 * negation (which only takes matches away). A pattern that leaves the project gives a path starting
 * with "..", which callers refuse.
 * @example globBase("tools/**\/*.yaml") // "tools"
 */
export function globBase(pattern: string): string | undefined {
  if (pattern.startsWith("!")) return undefined;
  const segments = pattern.split("/");
  const base: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (MAGIC.test(segment)) break;
    base.push(segment);
  }
  const path = posix.normalize(base.join("/") || ".");
  return path === "." ? "" : path;
}
