// What `npm install` gives a project init scaffolded, without the registry: each package its
// package.json names, linked from mcp-gen's own node_modules (the versions init wrote are those),
// mcp-gen itself from this repository (built), and their commands in node_modules/.bin.
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "./spec-paths.js";

export function installLinked(root: string): void {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const modules = join(root, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const from = name === "mcp-gen" ? REPO_ROOT : join(REPO_ROOT, "node_modules", name);
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(from, join(modules, name), "dir");
    const bin = (JSON.parse(readFileSync(join(from, "package.json"), "utf8")) as { bin?: string | Record<string, string> }).bin;
    const bins = typeof bin === "string" ? { [name]: bin } : (bin ?? {});
    for (const [command, file] of Object.entries(bins)) symlinkSync(join(from, file), join(modules, ".bin", command));
  }
}
