// The descriptor files of a project: what the config's `tools` globs match, outside node_modules,
// .git and the generated folder, lock files left out. One function for the project reader and for
// check's fast path, so that both see the same files (symbolic links followed).
import { sep } from "node:path";
import { globSync } from "tinyglobby";
import type { Config } from "../config/config.js";

/**
 * Project-relative paths with forward slashes, sorted, each once.
 * @example await findDescriptors("/home/me/app", config) // ["tools/get_weather.yaml"]
 */
export async function findDescriptors(root: string, config: Config): Promise<string[]> {
  const ignore = ["**/node_modules/**", `${config.out}/**`, "**/.git/**"];
  // Synchronous: a CLI has nothing else to do meanwhile, and the async walk waits on the thread pool per folder.
  const found = globSync([...config.tools], { cwd: root, ignore, onlyFiles: true, dot: false, followSymbolicLinks: true, expandDirectories: false });
  return [...new Set(found.map((p) => p.split(sep).join("/")))].filter((p) => !p.endsWith(".lock.json")).sort();
}
