// A project's files as text, for tests that compare a build's output with another's.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Every file of the project at `root` but node_modules: project path (forward slashes) → text, sorted by path. */
export function projectTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path).split(sep).join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}
